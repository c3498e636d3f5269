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
    public let name: String
    public let type: FMLType
    /// The declared `default`, with object-typed parts completed from the objects' own field
    /// defaults. When the default is written as a list of channel blocks, this is the merge of
    /// the blocks that name no channel (or `{}` for maps and objects when there are none).
    public let defaultValue: JSONValue
    public let description: String
    /// The `string-alias` this variable declares (its keys or values name things), if any.
    public let stringAlias: String?
    /// The `pref-key` that lets a user preference override this variable, if any.
    public let prefKey: String?
    /// The `gecko-pref` block (Gecko-backed apps only), as written.
    public let geckoPref: JSONValue?
    /// Where the variable (its key) is declared.
    public let location: YAMLMark

    public init(name: String, type: FMLType, defaultValue: JSONValue, description: String,
                stringAlias: String? = nil, prefKey: String? = nil, geckoPref: JSONValue? = nil,
                location: YAMLMark) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.description = description
        self.stringAlias = stringAlias
        self.prefKey = prefKey
        self.geckoPref = geckoPref
        self.location = location
    }

    func with(defaultValue: JSONValue) -> VariableDefinition {
        VariableDefinition(name: name, type: type, defaultValue: defaultValue, description: description,
                           stringAlias: stringAlias, prefKey: prefKey, geckoPref: geckoPref, location: location)
    }
}
