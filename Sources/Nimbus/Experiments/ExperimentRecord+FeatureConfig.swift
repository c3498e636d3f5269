import Formats
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
        /// Variable name → value. Nimbus requires an object here, and an absent one is `{}`.
        public var value: [String: JSONValue] {
            get { storage.value.objectValue ?? [:] }
            set { storage = DeferredJSON(.object(newValue)) }
        }

        /// The value, whole or still in a snapshot: a client reads the values of the branches it
        /// is enrolled in, not of every branch of a thousand records.
        private var storage: DeferredJSON

        public init(featureId: String, value: [String: JSONValue]) {
            self.featureId = featureId
            storage = DeferredJSON(.object(value))
        }

        /// A feature whose value (an object) is read from a snapshot when first asked for.
        init(featureId: String, value: DeferredJSON) {
            self.featureId = featureId
            storage = value
        }

        public static func == (lhs: FeatureConfig, rhs: FeatureConfig) -> Bool {
            lhs.featureId == rhs.featureId && lhs.value == rhs.value
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(featureId)
            hasher.combine(value)
        }

        public init(json: JSONValue, path: String = "feature") throws(ExperimentRecordError) {
            let fields = try RecordFields(json, path: path)
            featureId = try fields.required("featureId", RecordFields.string)
            // `#[serde(default)] value: Map`: absent is `{}`, but `null` or a non-object is refused.
            let raw = fields.members["value"] ?? .object([:])
            guard case .object(let object) = raw else {
                throw .wrongKind(fields.path(of: "value"), expected: "an object", found: raw)
            }
            storage = DeferredJSON(.object(object))
        }
    }
}
