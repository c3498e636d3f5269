/// A Swift type the keys of an FML `Map<K, T>` can be read as: `String` (and string aliases), or
/// a generated enum, whose keys must be its variants.
///
/// ```swift
/// String(featureMapKey: "top-sites")   // "top-sites"
/// ```
public protocol FeatureMapKey: Hashable, Sendable {
    init?(featureMapKey: String)
}

extension String: FeatureMapKey {
    public init?(featureMapKey: String) {
        self = featureMapKey
    }
}
