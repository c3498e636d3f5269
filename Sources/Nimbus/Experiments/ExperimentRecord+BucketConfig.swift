import Formats
extension ExperimentRecord {
    /// Which slice of the population a record samples: `count` of `total` buckets starting at
    /// `start` (wrapping past `total`), hashed per `namespace`. As in the SDK, `total` defaults to
    /// 10,000 and the counts are `u32`s.
    ///
    /// Use it with `Sampling.bucketSample`; records that share a namespace and use disjoint
    /// ranges never enroll the same user.
    ///
    /// ```swift
    /// let config = try ExperimentRecord.BucketConfig(json: .object([
    ///     "randomizationUnit": "nimbus_id", "namespace": "ns", "start": 0, "count": 5000, "total": 10000,
    /// ]))
    /// ```
    public struct BucketConfig: Sendable, Hashable {
        /// The bucket count when a record gives no `total` (the SDK's `DEFAULT_TOTAL_BUCKETS`).
        public static let defaultTotal = 10_000
        /// The randomization units the SDK's schema knows; a record with another is dropped.
        public static let mobileRandomizationUnits = ["nimbus_id", "user_id"]

        /// The id that is hashed; mobile apps use `nimbus_id`.
        public var randomizationUnit: String
        public var namespace: String
        public var start: Int
        public var count: Int
        public var total: Int

        public init(randomizationUnit: String, namespace: String, start: Int, count: Int, total: Int) {
            self.randomizationUnit = randomizationUnit
            self.namespace = namespace
            self.start = start
            self.count = count
            self.total = total
        }

        public init(json: JSONValue, path: String = "bucketConfig") throws(ExperimentRecordError) {
            let fields = try RecordFields(json, path: path)
            randomizationUnit = try fields.required("randomizationUnit", RecordFields.string)
            // The SDK's `RandomizationUnit` has two variants; any other (desktop's `normandy_id`,
            // `group_id`) fails to deserialize, and the SDK drops the whole record.
            guard Self.mobileRandomizationUnits.contains(randomizationUnit) else {
                throw ExperimentRecordError("field `\(fields.path(of: "randomizationUnit"))` is `\(randomizationUnit)`, a unit mobile clients do not have "
                                            + "(the SDK reads only `nimbus_id` and `user_id`), so the SDK drops this record; mobile records use `nimbus_id`")
            }
            namespace = try fields.required("namespace", RecordFields.string)
            start = try fields.required("start", RecordFields.unsigned32)
            count = try fields.required("count", RecordFields.unsigned32)
            total = try fields.defaulted("total", Self.defaultTotal, RecordFields.unsigned32)
            // Buckets are fractions of `total`; zero would divide by zero.
            guard total > 0 else { throw ExperimentRecordError("field `\(fields.path(of: "total"))` must be positive") }
        }
    }
}
