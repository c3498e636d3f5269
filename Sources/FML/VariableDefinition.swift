import Formats
/// A variable of a feature, or a field of an object, as declared in the Feature Manifest.
///
/// Use it to learn a variable's type and documented default, e.g. to build a debug row or to
/// generate code. The authoritative default for a channel is
/// `FeatureManifest.defaultValue(forFeature:channel:)`: feature-level `defaults` blocks may
/// override `defaultValue`.
///
/// ```swift
/// let enabled = manifest.feature("ad-blocker-feature")?.variable("enabled")
/// enabled?.type           // .boolean
/// enabled?.defaultValue   // .bool(false)
/// ```
public struct VariableDefinition: Sendable, Hashable {
    /// The fields, held by reference: a variable is copied each time a loop or a lookup hands
    /// it on, and copying eight fields (six of them counted references) for every variable of
    /// 100,000 features was a tenth of a cold load.
    private final class Storage: Sendable {
        let name: String
        let type: FMLType
        let defaultValue: JSONValue
        let description: String
        /// nil when the variable has no string alias, pref key or gecko pref, as most have not:
        /// three empty fields in each of 200,000 variables were more than a quarter of their memory.
        let extras: Extras?
        let location: YAMLMark

        init(name: String, type: FMLType, defaultValue: JSONValue, description: String, extras: Extras?, location: YAMLMark) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.description = description
            self.extras = extras
            self.location = location
        }
    }

    /// What few variables declare.
    private final class Extras: Sendable {
        let stringAlias: String?
        let prefKey: String?
        let geckoPref: JSONValue?

        init(stringAlias: String?, prefKey: String?, geckoPref: JSONValue?) {
            self.stringAlias = stringAlias
            self.prefKey = prefKey
            self.geckoPref = geckoPref
        }
    }

    private let storage: Storage

    public var name: String { storage.name }
    public var type: FMLType { storage.type }
    /// The declared `default`, with object-typed parts completed from the objects' own field
    /// defaults. When the default is written as a list of channel blocks, this is the merge of
    /// the blocks that name no channel (or `{}` for maps and objects when there are none).
    public var defaultValue: JSONValue { storage.defaultValue }
    public var description: String { storage.description }
    /// The `string-alias` this variable declares (its keys or values name things), if any.
    public var stringAlias: String? { storage.extras?.stringAlias }
    /// The `pref-key` that lets a user preference override this variable, if any.
    public var prefKey: String? { storage.extras?.prefKey }
    /// The `gecko-pref` block (Gecko-backed apps only), as written.
    public var geckoPref: JSONValue? { storage.extras?.geckoPref }
    /// Where the variable (its key) is declared.
    public var location: YAMLMark { storage.location }

    public init(name: String, type: FMLType, defaultValue: JSONValue, description: String,
                stringAlias: String? = nil, prefKey: String? = nil, geckoPref: JSONValue? = nil,
                location: YAMLMark) {
        let extras = stringAlias == nil && prefKey == nil && geckoPref == nil ? nil
            : Extras(stringAlias: stringAlias, prefKey: prefKey, geckoPref: geckoPref)
        storage = Storage(name: name, type: type, defaultValue: defaultValue, description: description, extras: extras, location: location)
    }

    func with(defaultValue: JSONValue) -> VariableDefinition {
        VariableDefinition(name: name, type: type, defaultValue: defaultValue, description: description,
                           stringAlias: stringAlias, prefKey: prefKey, geckoPref: geckoPref, location: location)
    }

    public static func == (lhs: VariableDefinition, rhs: VariableDefinition) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.name == rhs.name && lhs.type == rhs.type && lhs.defaultValue == rhs.defaultValue && lhs.description == rhs.description
            && lhs.stringAlias == rhs.stringAlias && lhs.prefKey == rhs.prefKey && lhs.geckoPref == rhs.geckoPref && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(defaultValue)
        hasher.combine(description)
        hasher.combine(stringAlias)
        hasher.combine(prefKey)
        hasher.combine(geckoPref)
        hasher.combine(location)
    }
}
