extension ExperimentRecord {
    /// Which slice of the population a record samples: `count` of `total` buckets starting at
    /// `start` (wrapping past `total`), hashed per `namespace`.
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
            namespace = try fields.required("namespace", RecordFields.string)
            start = try fields.required("start", RecordFields.nonNegativeInteger)
            count = try fields.required("count", RecordFields.nonNegativeInteger)
            total = try fields.required("total", RecordFields.nonNegativeInteger)
            // Buckets are fractions of `total`; zero would divide by zero.
            guard total > 0 else { throw ExperimentRecordError("field `\(fields.path(of: "total"))` must be positive") }
        }
    }
}
