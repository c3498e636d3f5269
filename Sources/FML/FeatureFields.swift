import Formats

/// The fields of one feature's declaration that the loader reads, noted in the one walk over
/// its mapping that also refuses unknown keys, and the fields written under two spellings.
///
/// A large app declares a hundred thousand features; looking each field up by key walked the
/// mapping once per field, and finding the fields spelled twice walked it twice more.
struct FeatureFields {
    private(set) var description: YAMLNode?
    private(set) var variables: YAMLNode?
    /// The value of `defaults` or of its other spelling `default`, whichever comes first.
    private(set) var defaults: YAMLNode?
    /// The key of a second `defaults`/`default`, which is an error.
    private(set) var secondDefaults: YAMLNode?
    private(set) var allowCoenrollment: YAMLNode?
    private var firstContacts: YAMLNode?
    /// The keys of the first and the second of `contacts`, `owner` and `owners`, which is an error.
    private(set) var secondContacts: (first: YAMLNode, second: YAMLNode)?

    /// Notes `value` when `key` is one of the fields above; returns whether it was.
    mutating func note(_ key: YAMLNode, _ value: YAMLNode) -> Bool {
        if key.hasText("description") {
            description = value
        } else if key.hasText("variables") {
            variables = value
        } else if key.hasText("defaults") || key.hasText("default") {
            if defaults == nil { defaults = value } else if secondDefaults == nil { secondDefaults = key }
        } else if key.hasText("allow-coenrollment") {
            allowCoenrollment = value
        } else if key.hasText("contacts") || key.hasText("owner") || key.hasText("owners") {
            if let firstContacts { if secondContacts == nil { secondContacts = (firstContacts, key) } } else { firstContacts = key }
        } else {
            return false
        }
        return true
    }
}
