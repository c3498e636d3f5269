import Testing
@testable import Formats
@testable import Nimbus

@Suite struct SamplingBucketTests {
    /// The inputs of application-services `components/nimbus/src/tests/test_sampling.rs`
    /// (`test_truncated_hash*`), with the bucket their upstream hash falls in, worked out by hand
    /// from the definition (the largest `b` with `key(b/total) <= hash`).
    static let upstreamBuckets: [(input: JSONValue, hash: String, total: Int, bucket: Int)] = [
        (.array([.int(1234), .string("test_namespace")]), "2a6e18a86edc", 10_000, 1657),
        (.array([.int(1234), .string("test_namespace")]), "2a6e18a86edc", 100, 16),
        (.null, "74234e98afe7", 10_000, 4536),
        (.null, "74234e98afe7", 100, 45),
        (.string(""), "12ae32cb1ec0", 10_000, 729),
        (.string(""), "12ae32cb1ec0", 100, 7),
        (.object(["id": .int(1234), "namespace": .string("experiment")]), "5d1effd4b032", 10_000, 3637),
        (.object(["id": .int(1234), "namespace": .string("experiment")]), "5d1effd4b032", 1, 0),
    ]

    @Test func upstreamInputsFallInTheirBuckets() {
        for vector in Self.upstreamBuckets {
            #expect(Sampling.hash(vector.input) == vector.hash)
            #expect(Sampling.bucket(of: vector.input, total: vector.total) == vector.bucket, "\(vector.input.compactText)")
            // The bucket is the one-bucket range that selects the input.
            #expect(Sampling.bucketSample(input: vector.input, start: vector.bucket, count: 1, total: vector.total))
        }
    }

    @Test func noBucketWithoutATotal() {
        #expect(Sampling.bucket(nimbusID: "a", namespace: "b", total: 0) == nil)
        #expect(Sampling.bucket(nimbusID: "a", namespace: "b", total: -3) == nil)
    }

    @Test func takenBucketsFollowTheWrap() {
        #expect(Sampling.takenBuckets(start: 0, count: 5_000, total: 10_000) == [0..<5_000])
        #expect(Sampling.takenBuckets(start: 9_000, count: 2_000, total: 10_000) == [9_000..<10_000, 0..<1_000])
        #expect(Sampling.takenBuckets(start: 19_000, count: 2_000, total: 10_000) == [9_000..<10_000, 0..<1_000])
        #expect(Sampling.takenBuckets(start: 50, count: 150, total: 100) == [50..<100])
        #expect(Sampling.takenBuckets(start: 10, count: 150, total: 100) == [0..<100])
        #expect(Sampling.takenBuckets(start: 0, count: 0, total: 100) == [])
        #expect(Sampling.takenBuckets(start: -1, count: 10, total: 100) == [])
        #expect(Sampling.takenBucketsText(start: 9_000, count: 2_000, total: 10_000) == "9000–9999 and 0–999")
        #expect(Sampling.takenBucketsText(start: 7, count: 1, total: 100) == "7")
        #expect(Sampling.takenBucketsText(start: 7, count: 0, total: 100) == "none")
    }

    /// Generated: for many ids and ranges (wrapping ones, ranges past `total`, empty ones, small
    /// totals where rounding at the bucket edges matters), the client's bucket is in the buckets
    /// a record takes exactly when `bucketSample` selects the client.
    @Test func bucketInTheRangeIffSelected() throws {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for index in 0..<2_000 {
            let id = "\(index)-\(UInt64.random(in: 0...UInt64.max, using: &generator))"
            let namespace = ["ns", "homescreen-\(index % 7)", "x/y"][index % 3]
            for total in [1, 3, 7, 100, 10_000] {
                let bucket = try #require(Sampling.bucket(nimbusID: id, namespace: namespace, total: total))
                #expect((0..<total).contains(bucket))
                for _ in 0..<3 {
                    let start = Int.random(in: 0...(2 * total), using: &generator)
                    let count = Int.random(in: 0...(total + total / 2), using: &generator)
                    let selected = Sampling.bucketSample(nimbusID: id, namespace: namespace, start: start, count: count, total: total)
                    let inRange = Sampling.takenBuckets(start: start, count: count, total: total).contains { $0.contains(bucket) }
                    #expect(selected == inRange, "id \(id) namespace \(namespace) start \(start) count \(count) total \(total) bucket \(bucket)")
                    checked += 1
                }
            }
        }
        #expect(checked == 30_000)
    }
}
