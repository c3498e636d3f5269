import Testing
@testable import Formats
@testable import Nimbus

/// `bucketSample` as application-services' `targeting.rs` registers it; the vectors are
/// `test_bucket_sample` of `components/nimbus/src/tests/stateful/test_evaluator.rs` (MPL 2.0),
/// whose input is `0` (hashed as JSON text).
@Suite struct BucketSampleTransformTests {
    private func sample(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        try BucketSampleTransform.apply(subject, arguments)
    }

    @Test(arguments: [
        (JSONValue.double(1.1), JSONValue.int(1000), JSONValue.int(1000), true),
        (.int(0), .double(1.1), .int(1000), false),
        (.int(0), .int(0), .double(1000.1), false),
    ])
    func truncatesNumbersAsTheSDK(start: JSONValue, count: JSONValue, total: JSONValue, expected: Bool) throws {
        // jexl-rs reads the literal `0` as a float, which serde_json writes (and Nimbus hashes) as `0.0`.
        #expect(try sample(.double(0), [start, count, total]) == .bool(expected))
        #expect(try sample(.int(0), [start, count, total]) == .bool(expected))
    }

    /// The subject's JSON text is what is hashed: `0.0` and `0` land in different buckets.
    @Test func hashesTheSubjectsJSONText() {
        #expect(Sampling.hash(.double(0)) != Sampling.hash(.int(0)))
        #expect(JSONValue.double(0).compactText == "0.0")
    }

    @Test(arguments: [
        ([JSONValue.int(4_294_967_296), .int(1), .int(4_294_967_297)], "start is out of range"),
        ([.int(0), .int(4_294_967_296), .int(4_294_967_296)], "count is out of range"),
        ([.int(0), .int(0), .int(4_294_967_296)], "total is out of range"),
        ([.string("hello"), .int(0), .int(1000)], "start must be a number"),
        ([.int(0), .string("hello"), .int(1000)], "count must be a number"),
        ([.int(0), .int(1000), .string("hello")], "total must be a number"),
        ([.int(0), .int(1000)], "total is missing"),
        ([.int(0), .int(1000), .int(0)], "positive total"),
    ])
    func refusesWhatTheSDKRefuses(arguments: [JSONValue], message: String) {
        do {
            _ = try sample(.int(0), arguments)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    /// The same hash and ranges as enrollment: `[id, namespace]` agrees with `Sampling`.
    @Test func agreesWithEnrollmentBucketing() throws {
        let ids = ["3d2142de-53bf-2d48-a92d-45fb7036cbf6", "542213c0-9aef-47eb-bc6b-3b8529736ba2", "00000000-0000-0000-0000-000000000004"]
        for id in ids {
            for (start, count) in [(0, 5000), (5000, 5000), (9000, 2000), (1234, 1)] {
                let input = JSONValue.array([.string(id), .string("test_namespace")])
                let expected = Sampling.bucketSample(nimbusID: id, namespace: "test_namespace", start: start, count: count, total: 10000)
                #expect(try sample(input, [.int(start), .int(count), .int(10000), .string("extra")]) == .bool(expected))
            }
        }
    }

    @Test func theWholeRangeSelectsEveryoneAndAnEmptyOneNobody() throws {
        for subject in [JSONValue.int(0), .string("a"), .null, .object(["b": .int(1)])] {
            #expect(try sample(subject, [.int(0), .int(100), .int(100)]) == .bool(true))
            #expect(try sample(subject, [.int(40), .int(0), .int(100)]) == .bool(false))
        }
    }
}
