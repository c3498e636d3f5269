import Formats
extension ExperimentRecord {
    /// One arm of an experiment: its slug, its share of enrolled users, and the feature values
    /// it sets.
    ///
    /// Use `features` to read what enrolling in this branch changes. Both record shapes are
    /// read: the current `features: [...]` list and the older single `feature` object
    /// (`features` wins when both are present, as in the Nimbus SDK; a branch with neither sets
    /// no feature).
    ///
    /// ```swift
    /// let branch = try ExperimentRecord.Branch(json: .object([
    ///     "slug": "treatment", "ratio": 1,
    ///     "features": .array([.object(["featureId": "homescreen", "value": .object([:])])]),
    /// ]))
    /// ```
    public struct Branch: Sendable, Hashable {
        public var slug: String
        /// Relative weight among the record's branches.
        public var ratio: Int
        public var features: [FeatureConfig]

        public init(slug: String, ratio: Int, features: [FeatureConfig]) {
            self.slug = slug
            self.ratio = ratio
            self.features = features
        }

        public init(json: JSONValue, path: String = "branch") throws(ExperimentRecordError) {
            let fields = try RecordFields(json, path: path)
            slug = try fields.required("slug", RecordFields.string)
            ratio = try fields.required("ratio", RecordFields.signed32)
            // The SDK reads `ratio` as an i32 and then as a u32: a negative weight would become
            // one of four billion there, which no record means; refused rather than guessed at.
            guard ratio >= 0 else { throw ExperimentRecordError("field `\(fields.path(of: "ratio"))` cannot be negative") }
            // Both are `Option`s in the SDK and both are read when present (so a malformed
            // `feature` drops the record even beside `features`); `features` wins, and a branch
            // with neither sets no feature.
            let single = try fields.optional("feature") { value, path throws(ExperimentRecordError) in try FeatureConfig(json: value, path: path()) }
            if let list = try fields.optional("features", RecordFields.array) {
                var features: [FeatureConfig] = []
                for (index, element) in list.enumerated() {
                    features.append(try FeatureConfig(json: element, path: "\(fields.path(of: "features"))[\(index)]"))
                }
                self.features = features
            } else {
                features = single.map { [$0] } ?? []
            }
        }

        /// The value this branch gives `featureId`, or nil when it does not touch that feature.
        public func value(for featureId: String) -> [String: JSONValue]? {
            features.first { $0.featureId == featureId }?.value
        }
    }
}
