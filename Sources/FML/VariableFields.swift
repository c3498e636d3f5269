import Formats

/// The fields of one variable's declaration, found in one pass over its mapping that also
/// refuses a key that is not a variable's.
///
/// A large app declares hundreds of thousands of variables; looking each field up by key walked
/// the mapping once per field, and checking the keys once more.
struct VariableFields: ~Copyable {
    static let keys = ["type", "default", "description", "string-alias", "pref-key", "gecko-pref"]

    private(set) var type: YAMLNode?
    private(set) var defaultValue: YAMLNode?
    private(set) var description: YAMLNode?
    private(set) var stringAlias: YAMLNode?
    private(set) var prefKey: YAMLNode?
    private(set) var geckoPref: YAMLNode?

    /// `context` names the variable for messages ("variable 'x' of feature 'y'").
    init(_ node: YAMLNode, context: @autoclosure () -> String) throws(ManifestError) {
        // Written into `self` as found: a copy of the fields made in the walk and assigned at
        // its end counted each node's document six more times.
        try node.forEachEntry(requiringMapping: context()) { key, value throws(ManifestError) in
            // A key given twice is refused when the document is read, so each is set once.
            if key.hasText("type") { type = value }
            else if key.hasText("default") { defaultValue = value }
            else if key.hasText("description") { description = value }
            else if key.hasText("string-alias") { stringAlias = value }
            else if key.hasText("pref-key") { prefKey = value }
            else if key.hasText("gecko-pref") { geckoPref = value }
            else {
                throw ManifestError(at: key.mark, "unknown key '\(key.string ?? "")' in \(context()); expected one of: \(Self.keys.joined(separator: ", "))")
            }
        }
    }
}
