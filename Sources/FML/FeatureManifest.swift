import Formats
/// A loaded and checked Nimbus Feature Manifest (`*.fml.yaml`) with its includes.
///
/// Use it to know which features exist, their variables and types, each feature's default value
/// per channel, and whether a value (an experiment branch's, say) fits the declared types.
/// Loading checks everything the Nimbus FML tool checks about structure and defaults, and
/// reports the first problem as a `ManifestError` naming `file:line:column`. Imported manifests
/// (`import:`) are loaded from files; their features are part of this manifest, with the
/// defaults of the channel each import names and the importer's overrides on top.
///
/// ```swift
/// let manifest = try FeatureManifest.load(path: "nimbus.fml.yaml")
/// manifest.channels                                           // ["developer", "beta", "release"]
/// manifest.defaultValue(forFeature: "ad-blocker-feature", channel: "beta")  // {"enabled": true}
/// manifest.isValid(.string("yes"), forVariable: "enabled", ofFeature: "ad-blocker-feature")  // false
/// ```
public struct FeatureManifest: Sendable {
    /// The channels of the root manifest, in file order.
    public let channels: [String]
    /// Every file loaded, root first, each once, as its path was built from the root's path.
    public let files: [String]
    /// What nimbus-fml would refuse in these files but this tool accepts (so that manifests it
    /// always read keep loading), each as `file:line:column: message`. `flags validate` shows them.
    public let warnings: [String]
    /// The features with their per-channel defaults.
    let features: FeatureTable
    private let enums: [String: EnumDefinition]
    private let objects: [String: ObjectDefinition]
    private let checker: ValueChecker

    init(channels: [String], files: [String], features: FeatureTable, enums: [String: EnumDefinition],
         objects: [String: ObjectDefinition], checker: ValueChecker, warnings: [String] = []) {
        self.channels = channels
        self.warnings = warnings
        self.files = files
        self.features = features
        self.enums = enums
        self.objects = objects
        self.checker = checker
    }

    /// Loads the manifest at `path`, every file it includes and every manifest it imports (paths
    /// relative to the including or importing file; each file is read once).
    public static func load(path: String) throws(ManifestError) -> FeatureManifest {
        var loader = ManifestLoader()
        try loader.load(path: path)
        return try loader.build()
    }

    /// The ids of all features, sorted.
    public var featureIDs: [String] { features.ids }
    /// The names of all declared enums, sorted.
    public var enumNames: [String] { enums.keys.sorted() }
    /// The names of all declared objects, sorted.
    public var objectNames: [String] { objects.keys.sorted() }

    public func feature(_ id: String) -> FeatureDefinition? { features[id]?.definition }

    /// Whether the manifest declares feature `id` (without reading the feature).
    public func hasFeature(_ id: String) -> Bool { features.contains(id) }
    public func enumDefinition(_ name: String) -> EnumDefinition? { enums[name] }
    public func objectDefinition(_ name: String) -> ObjectDefinition? { objects[name] }

    /// The feature's complete value for `channel`: every variable present, objects filled in
    /// from their field defaults, `defaults` blocks merged in file order. Null when the feature
    /// or the channel is unknown.
    public func defaultValue(forFeature featureID: String, channel: String) -> JSONValue {
        features[featureID]?.defaults[channel] ?? .null
    }

    /// `defaultValue(forFeature:channel:)` for a pass that asks about every feature once (the
    /// states of all flags): a feature read from a snapshot and not decoded yet is decoded for
    /// this answer only, so the pass does not leave every feature of a large manifest in memory.
    public func defaultValueReadOnce(forFeature featureID: String, channel: String) -> JSONValue {
        features.entry(featureID, keeping: false)?.defaults[channel] ?? .null
    }

    /// One variable of `defaultValue(forFeature:channel:)`, worked out alone: nil when the
    /// feature, the channel or the variable is unknown.
    public func defaultValue(forFeature featureID: String, variable: String, channel: String) -> JSONValue? {
        features[featureID]?.defaults[channel, variable: variable]
    }

    /// `defaultValue(forFeature:variable:channel:)` for a pass over every feature, as
    /// `defaultValueReadOnce(forFeature:channel:)` is.
    public func defaultValueReadOnce(forFeature featureID: String, variable: String, channel: String) -> JSONValue? {
        features.entry(featureID, keeping: false)?.defaults[channel, variable: variable]
    }

    /// The feature's value for `channel` with `overrides` (an experiment branch's value, say)
    /// deep-merged over the default and objects filled in again. Check `overrides` with
    /// `typeProblems` first: this merges whatever it is given. Null for an unknown feature or channel.
    public func value(forFeature featureID: String, channel: String, overriddenBy overrides: JSONValue) -> JSONValue {
        guard let entry = features[featureID], let base = entry.defaults[channel] else { return .null }
        let feature = entry.definition
        return checker.complete(featureValue: base.merging(overrides), of: feature)
    }

    /// What is wrong with `value` as a value of the feature: values of the wrong type, unknown
    /// variables and object fields, enum values that are not variants. With `partial` (experiment
    /// branch values) variables and object fields may be omitted; without it they must all be
    /// present. An unknown feature is one problem.
    public func typeProblems(in value: JSONValue, forFeature featureID: String, partial: Bool) -> [TypeProblem] {
        guard let feature = features[featureID]?.definition else {
            return [TypeProblem(steps: [], message: "unknown feature '\(featureID)'")]
        }
        return checker.problems(inFeatureValue: value, of: feature, partial: partial)
    }

    /// True when `value` may stand for the variable in a (partial) feature value: this is how a
    /// variable of the wrong type is detected, so that it falls back to its default. False for
    /// an unknown feature or variable.
    public func isValid(_ value: JSONValue, forVariable variable: String, ofFeature featureID: String) -> Bool {
        guard let definition = features[featureID]?.definition.variable(variable) else { return false }
        return checker.problems(in: value, as: definition.type, at: [.key(variable)], partial: true).isEmpty
    }
}
