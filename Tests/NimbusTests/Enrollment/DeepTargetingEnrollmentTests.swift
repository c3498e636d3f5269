import Testing
@testable import Nimbus

/// One record with hostile targeting is an error for that record alone; the others enroll.
@Suite struct DeepTargetingEnrollmentTests {
    let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", appName: "firefox_ios",
                              appId: "org.mozilla.ios.Firefox", channel: "release", locale: "en-US", daysSinceInstall: 3)

    @Test func aTooDeepTargetingIsAnErrorOfItsRecordAndTheOthersEnroll() throws {
        let nested = String(repeating: "(", count: 20_000) + "true" + String(repeating: ")", count: 20_000)
        let flat = Array(repeating: "language == 'en'", count: 10_000).joined(separator: " && ")
        let set = try ExperimentRecordSet.parse(.object(["data": .array([
            RecordFixtures.record(slug: "before", featureId: "a"),
            RecordFixtures.record(slug: "too-deep", featureId: "b", changes: ["targeting": .string(nested)]),
            RecordFixtures.record(slug: "long-flat", featureId: "c", changes: ["targeting": .string(flat)]),
            RecordFixtures.record(slug: "after", featureId: "d"),
        ])]))
        #expect(set.skipped.isEmpty)
        let results = EnrollmentEvaluator.evaluate(records: set.records, client: client)
        #expect(results.map(\.slug) == ["before", "too-deep", "long-flat", "after"])
        #expect(results[0].status == .enrolled(branch: "control"))
        guard case .error(let message) = results[1].status else {
            Issue.record("expected an error for the too-deep targeting, got \(results[1].status)")
            return
        }
        #expect(message.hasPrefix("targeting of `too-deep` failed: nested deeper than \(JEXLParser.maximumDepth) levels"))
        #expect(results[2].status == .enrolled(branch: "control"))
        #expect(results[3].status == .enrolled(branch: "control"))
    }
}
