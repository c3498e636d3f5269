import Testing
@testable import Formats
@testable import Nimbus

@Suite struct SamplingTests {
    // Vectors from application-services components/nimbus/src/tests/test_sampling.rs.
    @Test func upstreamHashVectors() {
        #expect(Sampling.hash(.array([.int(1234), .string("test_namespace")])) == "2a6e18a86edc")
        #expect(Sampling.hash(.null) == "74234e98afe7")
        #expect(Sampling.hash(.string("")) == "12ae32cb1ec0")
        #expect(Sampling.hash(.object(["id": .int(1234), "namespace": .string("experiment")])) == "5d1effd4b032")
    }

    @Test func upstreamBranchVectors() {
        let ratios = [1, 1] // control, blue
        func branch(_ id: String) -> Int {
            Sampling.ratioSample(input: .string("experimentmanager-\(id)-TEST_EXP1-branch"), ratios: ratios)
        }
        #expect(branch("3d2142de-53bf-2d48-a92d-45fb7036cbf6") == 1) // blue
        #expect(branch("542213c0-9aef-47eb-bc6b-3b8529736ba2") == 0) // control
    }

    @Test func keyMapsFractionsOnto48Bits() {
        #expect(Sampling.key(0) == "000000000000")
        #expect(Sampling.key(1) == "ffffffffffff")
        #expect(Sampling.key(0.5) == "7fffffffffff")
        #expect(Sampling.key(0.25) == "3fffffffffff")
    }

    @Test func fullAndEmptyRanges() {
        for index in 0..<50 {
            let input: JSONValue = .array([.string("user-\(index)"), .string("ns")])
            #expect(Sampling.bucketSample(input: input, start: 0, count: 100, total: 100))
            #expect(!Sampling.bucketSample(input: input, start: 30, count: 0, total: 100))
            #expect(!Sampling.bucketSample(input: input, start: 0, count: 10, total: 0))
        }
    }

    @Test func wrappingRangeIsTheUnionOfItsTwoHalves() {
        // Start 70, count 50 of 100 means buckets 70–99 and 0–19.
        for index in 0..<300 {
            let input: JSONValue = .array([.string("id-\(index)"), .string("wrap")])
            let wrapped = Sampling.bucketSample(input: input, start: 70, count: 50, total: 100)
            let tail = Sampling.bucketSample(input: input, start: 70, count: 30, total: 100)
            let head = Sampling.bucketSample(input: input, start: 0, count: 20, total: 100)
            #expect(wrapped == (tail || head))
            #expect(!(tail && head))
            // A start past total wraps the same way.
            #expect(Sampling.bucketSample(input: input, start: 170, count: 50, total: 100) == wrapped)
        }
    }

    @Test func bucketMatchesTheHashAgainstKeys() {
        // Checked by hand from the definition: hash in [key(start/total), key(end/total)).
        let input: JSONValue = .array([.int(1234), .string("test_namespace")]) // 2a6e18a86edc ≈ 0.1657
        #expect(Sampling.bucketSample(input: input, start: 1600, count: 100, total: 10000))
        #expect(!Sampling.bucketSample(input: input, start: 1700, count: 100, total: 10000))
        #expect(!Sampling.bucketSample(input: input, start: 1500, count: 100, total: 10000))
    }

    @Test func ratioSampleIsRoughlyProportional() {
        var counts = [0, 0, 0, 0]
        for index in 0..<4000 {
            counts[Sampling.ratioSample(input: .string("r-\(index)"), ratios: [1, 2, 3, 4])] += 1
        }
        // Expected 400, 800, 1200, 1600; generous bounds keep this a test of the walk, not of luck.
        #expect((300...500).contains(counts[0]))
        #expect((650...950).contains(counts[1]))
        #expect((1050...1350).contains(counts[2]))
        #expect((1450...1750).contains(counts[3]))
    }

    @Test func zeroRatioBranchIsNeverChosen() {
        for index in 0..<200 {
            #expect(Sampling.ratioSample(input: .string("z-\(index)"), ratios: [0, 1]) == 1)
        }
    }
}

@Suite struct SamplingFastPathTests {
    /// The byte-level production inputs must hash exactly like the JSON values they stand for,
    /// including strings that need escaping (which take the general path).
    @Test(arguments: [("3d2142de-53bf-2d48-a92d-45fb7036cbf6", "TEST_EXP1"), ("542213c0-9aef-47eb-bc6b-3b8529736ba2", "ns/with/slashes"),
                      ("id", "quote\"d"), ("id", "back\\slash"), ("id", "tab\there"), ("ïd-ünïcode", "名前")])
    func productionInputsMatchTheGeneralPath(id: String, other: String) {
        for (start, count) in [(0, 10_000), (0, 5_000), (5_000, 5_000), (9_000, 2_000), (123, 4_567)] {
            #expect(Sampling.bucketSample(nimbusID: id, namespace: other, start: start, count: count, total: 10_000)
                    == Sampling.bucketSample(input: .array([.string(id), .string(other)]), start: start, count: count, total: 10_000))
        }
        for ratios in [[1, 1], [1, 2, 3], [5, 0, 5], [1]] {
            #expect(Sampling.ratioSample(nimbusID: id, slug: other, ratios: ratios)
                    == Sampling.ratioSample(input: .string("experimentmanager-\(id)-\(other)-branch"), ratios: ratios))
        }
    }
}
