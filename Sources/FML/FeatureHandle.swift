import Formats

/// One feature of a manifest, found once by its id: what a flag that reads the feature keeps,
/// so that its default is read later without looking the id up again.
///
/// A listing of 100,000 flags looked each flag's feature up twice in a table of 100,000 (once
/// to check the flag, once for its value), a cache miss each. A handle answers only for the
/// manifest that made it; `FeatureManifest` looks a foreign one up by its id.
///
/// ```swift
/// let feature = manifest.handle(forFeature: "homescreen")!
/// manifest.defaultValue(of: feature, variable: "enabled", channel: "beta")
/// ```
public struct FeatureHandle: Sendable {
    let entry: FeatureTable.Entry
    /// The table the entry is from, to tell a handle of another manifest.
    let table: ObjectIdentifier

    /// The feature's id, variables and description.
    public var definition: FeatureDefinition { entry.definition }
}

extension FeatureManifest {
    /// The feature `id`, kept for reading its defaults later; nil when the manifest has none.
    public func handle(forFeature id: String) -> FeatureHandle? {
        features[id].map { FeatureHandle(entry: $0, table: ObjectIdentifier(features)) }
    }

    /// `defaultValue(forFeature:variable:channel:)` of the feature `feature` stands for.
    public func defaultValue(of feature: FeatureHandle, variable: String, channel: String) -> JSONValue? {
        guard feature.table == ObjectIdentifier(features) else {
            return defaultValue(forFeature: feature.definition.id, variable: variable, channel: channel)
        }
        return feature.entry.defaults[channel, variable: variable]
    }
}
