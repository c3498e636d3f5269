extension ExperimentRecord {
    /// The value a branch gives one feature: `{"featureId": ..., "value": {...}}`.
    ///
    /// Use `value` as a layer over the feature's defaults; its keys are the feature's variables.
    ///
    /// ```swift
    /// let config = try ExperimentRecord.FeatureConfig(json: .object([
    ///     "featureId": "homescreen", "value": .object(["enabled": true]),
    /// ]))
    /// config.value["enabled"]  // .bool(true)
    /// ```
    public struct FeatureConfig: Sendable, Hashable {
        public var featureId: String
        /// Variable name → value. Nimbus requires an object here.
        public var value: [String: JSONValue]

        public init(featureId: String, value: [String: JSONValue]) {
            self.featureId = featureId
            self.value = value
        }

        public init(json: JSONValue, path: String = "feature") throws(ExperimentRecordError) {
            let fields = try RecordFields(json, path: path)
            featureId = try fields.required("featureId", RecordFields.string)
            let raw = try fields.required("value") { value, path throws(ExperimentRecordError) in value }
            guard case .object(let object) = raw else {
                throw .wrongKind(fields.path(of: "value"), expected: "an object", found: raw)
            }
            value = object
        }
    }
}
