import Testing
@testable import Formats
@testable import Nimbus

@Suite struct EnrollmentExplainerTests {
    static let id = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"
    let client = NimbusClient(nimbusID: id, appName: "firefox_ios", appId: "org.mozilla.ios.Firefox", channel: "release",
                              locale: "en-US", daysSinceInstall: 12, extraContext: ["app_version": .string("119.2")])

    private func reasons(_ records: [JSONValue], client: NimbusClient? = nil) throws -> [String: String] {
        let client = client ?? self.client
        let parsed = try records.map(RecordFixtures.parsed)
        let outcome = EnrollmentEvolver.evolve(records: parsed, client: client, now: 1_800_000_000)
        let explainer = EnrollmentExplainer(client: client, results: outcome.results)
        let indexed = explainer.indexingFeatureHolders()
        for result in outcome.results {
            #expect(indexed.explanation(of: result) == explainer.explanation(of: result), "the index changes what \(result.slug) says")
        }
        return Dictionary(uniqueKeysWithValues: outcome.results.map { ($0.slug, explainer.explanation(of: $0)) })
    }

    private func reason(targeting: String, client: NimbusClient? = nil) throws -> String {
        try #require(try reasons([RecordFixtures.record(slug: "t", changes: ["targeting": .string(targeting)])], client: client)["t"])
    }

    @Test func theFirstFalseOperandOfAnAndChain() throws {
        #expect(try reason(targeting: "language == 'en' && days_since_install < 7 && language == 'ko'")
                == "not enrolled: targeting did not match: `days_since_install < 7` is false (days_since_install is 12)")
        #expect(try reason(targeting: "language == 'ko'")
                == "not enrolled: targeting did not match: `language == 'ko'` is false (language is \"en\")")
    }

    @Test func everyAlternativeOfAnOrChain() throws {
        #expect(try reason(targeting: "language == 'ko' || (app_version|versionCompare('120.!') >= 0)")
                == "not enrolled: targeting did not match: `language == 'ko'` is false (language is \"en\"), and "
                + "`app_version | versionCompare('120.!') >= 0` is false (app_version is \"119.2\")")
    }

    /// Experimenter's first-run targeting: the `||` group fails inside the `&&`, and its left
    /// side is an error jexl-rs reads as false.
    @Test func aFailingGroupIsExplainedInside() throws {
        #expect(try reason(targeting: "(isFirstRun == 'true' || is_first_run == true) && days_since_install < 7")
                == "not enrolled: targeting did not match: `isFirstRun == 'true'` fails (undefined identifier `isFirstRun` (did you mean `is_first_run`?)), which counts as false, "
                + "and `is_first_run == true` is false (is_first_run is false)")
    }

    @Test func aFalsyValueThatIsNotFalse() throws {
        // An attribute the client leaves null: `||` passes over it to the next alternative.
        let client = NimbusClient(nimbusID: Self.id, appName: "firefox_ios", appId: "x", channel: "release", extraContext: ["unset": .null])
        #expect(try reason(targeting: "unset || language == 'ko'", client: client)
                == "not enrolled: targeting did not match: `unset` is null, which counts as false (unset is null), "
                + "and `language == 'ko'` is false (language is \"en\")")
    }

    @Test func longValuesAreCut() {
        let long = JSONValue.string(String(repeating: "x", count: 200))
        #expect(EnrollmentExplainer.shortText(long).count == EnrollmentExplainer.longestValueText)
        #expect(EnrollmentExplainer.shortText(long).hasSuffix("…"))
    }

    @Test func theSameEvaluatorContextAndTransformsAsEnrollment() throws {
        // A transform enrollment was given decides here too: with it the targeting holds.
        let record = try RecordFixtures.parsed(RecordFixtures.record(slug: "t", changes: ["targeting": .string("'x' | answer == 1")]))
        let transforms = JEXLTransforms.stateless.adding(["answer": { _, _ in .int(0) }])
        let results = EnrollmentEvaluator.evaluate(records: [record], client: client, transforms: transforms)
        #expect(results[0].status == .notEnrolled(.notTargeted))
        let text = EnrollmentExplainer(client: client, transforms: transforms, results: results).explanation(of: results[0])
        #expect(text == "not enrolled: targeting did not match: `'x' | answer == 1` is false")
    }

    @Test func notSelectedNamesTheBucketAndTheRange() throws {
        let bucket = try #require(Sampling.bucket(nimbusID: Self.id, namespace: "hs", total: 10_000))
        // A range that just misses the client's bucket, on either side.
        let start = (bucket + 1) % 10_000
        let text = try #require(try reasons([RecordFixtures.record(slug: "s", start: start, count: 9_999, namespace: "hs")])["s"])
        let taken = start == 0 ? "0–9998" : "\(start)–9999 and 0–\(bucket - 1)"
        #expect(text == "not enrolled: not in the sampled buckets: this client is in bucket \(bucket) of 10000; "
                + "the record takes buckets \(taken) of namespace `hs`")
        let none = try #require(try reasons([RecordFixtures.record(slug: "s", count: 0, namespace: "hs")])["s"])
        #expect(none.hasSuffix("the record takes no buckets of namespace `hs`"))
    }

    @Test func featureConflictNamesTheWinner() throws {
        let texts = try reasons([
            RecordFixtures.record(slug: "first", featureId: "homescreen", changes: ["publishedDate": .string("2026-01-01T00:00:00Z")]),
            RecordFixtures.record(slug: "second", featureId: "homescreen", changes: ["publishedDate": .string("2026-02-01T00:00:00Z")]),
            // A rollout on the same feature is another pool: no conflict.
            RecordFixtures.record(slug: "rollout", featureId: "homescreen", isRollout: true),
        ])
        #expect(texts["second"] == "not enrolled: feature conflict: `first` already holds feature `homescreen` for this client")
        #expect(texts["rollout"] == "enrolled in branch `control`")
    }

    @Test func theChecksBeforeTargetingSayWhatTheyCompared() throws {
        let texts = try reasons([
            RecordFixtures.record(slug: "paused", changes: ["isEnrollmentPaused": .bool(true)]),
            RecordFixtures.record(slug: "fenix", changes: ["appName": .string("fenix")]),
            RecordFixtures.record(slug: "beta", changes: ["channel": .string("beta")]),
            RecordFixtures.record(slug: "labs", changes: ["isFirefoxLabsOptIn": .bool(true)]),
        ])
        #expect(texts["paused"] == "not enrolled: enrollment is paused")
        #expect(texts["fenix"] == "not enrolled: for another app (`fenix`); this client is `firefox_ios`")
        #expect(texts["beta"] == "not enrolled: for another channel (`beta`); this client is on `release`")
        #expect(texts["labs"] == "not enrolled: a Firefox Labs opt-in: enrolled only when the user opts in")
    }

    @Test func optedOutSaysWhichPool() throws {
        let optedOut = NimbusClient(nimbusID: Self.id, appName: "firefox_ios", appId: "x", channel: "release", experimentsOptOut: true, rolloutsOptOut: true)
        let texts = try reasons([RecordFixtures.record(slug: "e"), RecordFixtures.record(slug: "r", isRollout: true)], client: optedOut)
        #expect(texts["e"] == "not enrolled: opted out: the user turned off experiments on this client")
        #expect(texts["r"] == "not enrolled: opted out: the user turned off rollouts on this client")
    }

    @Test func disqualifiedAndEndedBeforeNameTheBranchTheClientHad() throws {
        var attributes = client.attributes
        attributes.locale = "en-US"
        let earlier = [StoredEnrollment(slug: "d", isRollout: false, state: .enrolled(branch: "treatment")),
                       StoredEnrollment(slug: "ended", isRollout: false, state: .wasEnrolled(branch: "control", endedAt: 1_799_999_000))]
        let returning = NimbusClient(nimbusID: Self.id, attributes: attributes, previousEnrollments: earlier)
        let texts = try reasons([
            RecordFixtures.record(slug: "d", branches: [("treatment", 1, .object([:]))],
                                  changes: ["targeting": .string("is_already_enrolled && language == 'ko'")]),
            RecordFixtures.record(slug: "ended"),
        ], client: returning)
        #expect(texts["d"] == "not enrolled: disqualified: targeting no longer matches "
                + "(`language == 'ko'` is false (language is \"en\")); this client was in branch `treatment`")
        #expect(texts["ended"] == "not enrolled: this client was in it (branch `control`) before it ended; the SDK does not enroll it again until it has forgotten that enrollment")
    }

    @Test func enrolledAndErrorsAreTheStatusItself() throws {
        let texts = try reasons([RecordFixtures.record(slug: "ok"), RecordFixtures.record(slug: "bad", featureId: "other", changes: ["targeting": .string("missing")])])
        #expect(texts["ok"] == "enrolled in branch `control`")
        #expect(texts["bad"] == "error: targeting of `bad` failed: undefined identifier `missing`")
    }

    @Test func identifiersAreListedOnceInSourceOrder() throws {
        let expression = try JEXLExpression(parse: "b[a] | t(c, a) > d.e ? [f] : {k: g}")
        #expect(EnrollmentExplainer.identifiers(in: expression.root) == ["b", "a", "c", "d", "f", "g"])
    }

    /// Targeting that reads the enrollment sets saw them as the records decided before it left
    /// them: the explanation says so rather than call a true operand false.
    @Test func targetingOnEnrollmentsDecidedEarlierInTheSamePass() throws {
        let texts = try reasons([
            RecordFixtures.record(slug: "leader", featureId: "a"),
            RecordFixtures.record(slug: "follower", featureId: "b", changes: ["targeting": .string("('leader' in active_experiments) == false")]),
        ])
        #expect(texts["leader"] == "enrolled in branch `control`")
        #expect(texts["follower"]?.hasPrefix("not enrolled: targeting did not match: `('leader' in active_experiments) == false` was false when this record was decided") == true,
                "\(texts["follower"] ?? "")")
    }
}
