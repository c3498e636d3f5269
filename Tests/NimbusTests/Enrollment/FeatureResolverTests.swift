import Testing
@testable import Formats
@testable import Nimbus

@Suite struct FeatureResolverTests {
    static let defaults: [String: JSONValue] = [
        "homescreen": .object([
            "enabled": .bool(false),
            "title": .string("Default"),
            "sections": .object(["top-sites": .bool(true), "pocket": .bool(false)]),
        ]),
    ]

    /// Accepts booleans for `enabled`, strings for `title`, objects of booleans for `sections`.
    static func isValid(_ feature: String, _ variable: String, _ value: JSONValue) -> Bool {
        switch variable {
        case "enabled": value.boolValue != nil
        case "title": value.stringValue != nil
        case "sections": value.objectValue?.values.allSatisfy { $0.boolValue != nil } ?? false
        default: false
        }
    }

    let resolver = FeatureResolver(defaults: { FeatureResolverTests.defaults[$0] ?? .object([:]) }, isValid: FeatureResolverTests.isValid)

    /// A 100% rollout and a 50/50 experiment (half the population, two branches) on `homescreen`.
    func records() throws -> [ExperimentRecord] {
        try [
            RecordFixtures.record(
                slug: "hs-rollout",
                branches: [("rollout", 1, .object(["enabled": .bool(true), "sections": .object(["pocket": .bool(true)])]))],
                isRollout: true
            ),
            RecordFixtures.record(
                slug: "hs-experiment",
                branches: [
                    ("control", 1, .object(["title": .string("Control")])),
                    ("treatment", 1, .object(["title": .string("Treatment"), "sections": .object(["top-sites": .bool(false)])])),
                ],
                count: 5000,
                namespace: "hs-experiment-ns"
            ),
        ].map(ExperimentRecord.init(json:))
    }

    func client(_ id: String) -> NimbusClient {
        NimbusClient(nimbusID: id, appName: "firefox_ios", appId: "org.mozilla.ios.Firefox", channel: "release")
    }

    /// Ids found by computing the bucket hash, not by trusting the evaluator.
    func findIDs() -> (inside: String, outside: String) {
        var inside: String?, outside: String?
        var counter = 0
        while inside == nil || outside == nil {
            let digits = String(counter)
            let id = "5a1e0000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
            let selected = Sampling.bucketSample(input: .array([.string(id), .string("hs-experiment-ns")]), start: 0, count: 5000, total: 10000)
            if selected { inside = inside ?? id } else { outside = outside ?? id }
            counter += 1
        }
        return (inside!, outside!)
    }

    @Test func rolloutEveryoneExperimentHalf() throws {
        let (inside, outside) = findIDs()

        let outResults = EnrollmentEvaluator.evaluate(records: try records(), client: client(outside))
        #expect(outResults.map(\.status) == [.enrolled(branch: "rollout"), .notEnrolled(.notSelected)])
        let outFeature = resolver.resolve("homescreen", enrollments: outResults)
        #expect(outFeature.value == .object([
            "enabled": .bool(true),
            "title": .string("Default"),
            "sections": .object(["top-sites": .bool(true), "pocket": .bool(true)]),
        ]))
        #expect(outFeature.source == .rollout(slug: "hs-rollout"))
        #expect(outFeature.experiment == nil)

        let inResults = EnrollmentEvaluator.evaluate(records: try records(), client: client(inside))
        let branchIndex = Sampling.ratioSample(input: .string("experimentmanager-\(inside)-hs-experiment-branch"), ratios: [1, 1])
        let branch = ["control", "treatment"][branchIndex]
        #expect(inResults.map(\.status) == [.enrolled(branch: "rollout"), .enrolled(branch: branch)])
        let inFeature = resolver.resolve("homescreen", enrollments: inResults)
        #expect(inFeature.source == .experiment(slug: "hs-experiment", branch: branch))
        #expect(inFeature.rollout == "hs-rollout")
        #expect(inFeature.experiment?.slug == "hs-experiment")
        #expect(inFeature.experiment?.branch == branch)
        // Experiment over rollout over default, objects merged key by key.
        #expect(inFeature.value == .object([
            "enabled": .bool(true),
            "title": .string(branch == "control" ? "Control" : "Treatment"),
            "sections": .object(["top-sites": .bool(branch == "control"), "pocket": .bool(true)]),
        ]))
    }

    @Test func bothBranchesAreReachable() throws {
        // Over several enrolled ids, each branch shows up with its own value.
        var seen: [String: JSONValue] = [:]
        var counter = 0
        while seen.count < 2 && counter < 200 {
            let id = "b0000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(counter).count) + String(counter)
            let feature = resolver.resolve("homescreen", enrollments: EnrollmentEvaluator.evaluate(records: try records(), client: client(id)))
            if case .experiment(_, let branch) = feature.source { seen[branch] = feature.value["title"] }
            counter += 1
        }
        #expect(seen == ["control": .string("Control"), "treatment": .string("Treatment")])
    }

    @Test func noEnrollmentMeansDefault() {
        let feature = resolver.resolve("homescreen", enrollments: [])
        #expect(feature.value == Self.defaults["homescreen"])
        #expect(feature.source == .defaultValue)
        #expect(feature.rollout == nil)
    }

    @Test func invalidVariableIsDroppedAndTheValueBeneathStands() throws {
        let records = try [
            RecordFixtures.record(slug: "r", branches: [("on", 1, .object(["title": .string("From rollout")]))], isRollout: true),
            RecordFixtures.record(slug: "e", branches: [("bad", 1, .object([
                "enabled": .string("yes"), "title": .int(3), "sections": .object(["pocket": .string("no")]),
            ]))]),
        ].map(ExperimentRecord.init(json:))
        let results = EnrollmentEvaluator.evaluate(records: records, client: client("11111111-2222-4333-8444-555555555555"))
        let feature = resolver.resolve("homescreen", enrollments: results)
        #expect(feature.value == .object([
            "enabled": .bool(false),
            "title": .string("From rollout"),
            "sections": .object(["top-sites": .bool(true), "pocket": .bool(false)]),
        ]))
        #expect(feature.rejectedVariables == ["enabled", "sections", "title"])
        #expect(feature.source == .experiment(slug: "e", branch: "bad"))
    }

    @Test func notEnrolledResultsAreIgnored() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "e", branches: [("x", 1, .object(["enabled": .bool(true)]))]))
        let feature = resolver.resolve("homescreen", enrollments: [EnrollmentResult(record: record, status: .notEnrolled(.notTargeted))])
        #expect(feature.source == .defaultValue)
        #expect(feature.value["enabled"] == .bool(false))
    }

    @Test func resolveAllCoversEachFeature() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "e", featureId: "search", branches: [("x", 1, .object(["engine": .string("ddg")]))]))
        let permissive = FeatureResolver(defaults: { _ in .object([:]) })
        let all = permissive.resolveAll(["homescreen", "search"], enrollments: [EnrollmentResult(record: record, status: .enrolled(branch: "x"))])
        #expect(all["search"]?.value == .object(["engine": .string("ddg")]))
        #expect(all["search"]?.source == .experiment(slug: "e", branch: "x"))
        #expect(all["homescreen"]?.source == .defaultValue)
    }

    @Test func resolveConfiguredLeavesOutFeaturesAtTheirDefault() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "e", featureId: "search", branches: [("x", 1, .object(["engine": .string("ddg")]))]))
        let permissive = FeatureResolver(defaults: { _ in .object([:]) })
        let enrolled = [EnrollmentResult(record: record, status: .enrolled(branch: "x"))]
        let configured = permissive.resolveConfigured(["homescreen", "search"], enrollments: enrolled)
        #expect(configured.keys.sorted() == ["search"])
        #expect(configured["search"]?.value == permissive.resolveAll(["search"], enrollments: enrolled)["search"]?.value)
        #expect(permissive.resolveConfigured(["search"], enrollments: [EnrollmentResult(record: record, status: .notEnrolled(.notSelected))]).isEmpty)
    }

    @Test func configuredFeaturesAreResolvedWhenAskedForAndAgreeWithTheWholeResolution() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "e", featureId: "search", branches: [("x", 1, .object(["engine": .string("ddg")]))]))
        let rollout = try ExperimentRecord(json: RecordFixtures.record(slug: "r", featureId: "homescreen",
                                                                      branches: [("on", 1, .object(["enabled": .bool(true)]))], isRollout: true))
        let enrolled = [EnrollmentResult(record: record, status: .enrolled(branch: "x")),
                        EnrollmentResult(record: rollout, status: .enrolled(branch: "on"))]
        let features = resolver.configured(enrollments: enrolled) { $0 != "homescreen" }
        #expect(features.featureIds == ["search"], "homescreen is configured but not wanted")
        #expect(features["homescreen"] == nil && features["unknown"] == nil)
        let all = resolver.resolveAll(["search"], enrollments: enrolled)
        #expect(features["search"] == all["search"])
        #expect(features["search"] == features["search"], "asked twice, the same answer")
        #expect(features.all == ["search": all["search"]!])
    }
}
