import Testing
@testable import Formats
@testable import Nimbus

/// The targeting attributes as application-services computes and serializes them
/// (`components/nimbus/src/stateful/evaluator.rs` `TargetingAttributes`, `stateful/matcher.rs`
/// `AppContext`, `evaluator.rs` `split_locale`), with the vectors of
/// `components/nimbus/src/tests/test_evaluator.rs`.
@Suite struct TargetingAttributesTests {
    private func attributes(locale: String? = nil, _ configure: (inout TargetingAttributes) -> Void = { _ in }) -> TargetingAttributes {
        var attributes = TargetingAttributes(appName: "nimbus_test", appId: "1010", channel: "test")
        attributes.locale = locale
        configure(&attributes)
        return attributes
    }

    private func evaluate(_ expression: String, _ attributes: TargetingAttributes) throws -> Bool {
        try JEXLExpression(parse: expression).evaluateCondition(in: attributes.context)
    }

    /// test_language_region_from_locale
    @Test(arguments: [
        ("en-US", "en", "US"), ("es", "es", nil), ("nim-BUS", "nim", "BUS"), ("nim-", "nim", nil), ("-BUS", nil, "BUS"),
        ("zh-Hant-TW", "zh", "Hant"),
    ] as [(String, String?, String?)])
    func languageAndRegionAreSplitFromTheLocale(locale: String, language: String?, region: String?) {
        let attributes = attributes(locale: locale)
        #expect(attributes.language == language)
        #expect(attributes.region == region)
        #expect(attributes.context["language"] == (language.map(JSONValue.string) ?? .null))
        #expect(attributes.context["region"] == (region.map(JSONValue.string) ?? .null))
    }

    /// test_locale_substring, test_locale_substring_fails, test_geo_targeting_*
    @Test(arguments: [
        ("'en' in locale || 'de' in locale", "de-US", true),
        ("'en' in locale || 'de' in locale", "cz-US", false),
        ("language in ['ro']", "ro", true),
        ("language in ['en', 'ro']", "ro", true),
        ("language in ['en', 'ro']", "ar", false),
    ])
    func localeTargeting(expression: String, locale: String, expected: Bool) throws {
        #expect(try evaluate(expression, attributes(locale: locale)) == expected)
    }

    /// test_targeting: `app_id`, `app_version` and `app_build` from the AppContext.
    @Test(arguments: [
        ("4.4", "1234", "1010", true), ("3.4", "1234", "1010", true), ("4.4", "1234", "org.example.app", false),
        ("3.5", "12345", "1010", false),
    ])
    func appContextTargeting(version: String, build: String, appId: String, expected: Bool) throws {
        let expression = "app_id == '1010' && (app_version|versionCompare('4.0') >= 0 || app_build == \"1234\")"
        let context = attributes { $0.appVersion = version; $0.appBuild = build; $0.appId = appId }
        #expect(try evaluate(expression, context) == expected)
    }

    /// test_targeting_custom_targeting_attributes: custom attributes are top-level names, and a
    /// name nothing defines is an error.
    @Test func customAttributesAreFlattened() throws {
        let expression = "app_id == '1010' && (app_version == '4.4' || app_build == \"1234\") && is_first_run == true && ios_version == '8.8'"
        let with = attributes {
            $0.appVersion = "4.4"; $0.appBuild = "1234"
            $0.customTargetingAttributes = ["is_first_run": .bool(true), "ios_version": .string("8.8")]
        }
        #expect(try evaluate(expression, with))
        let without = attributes { $0.appVersion = "4.4"; $0.appBuild = "1234" }
        #expect(throws: JEXLError.self) { try evaluate(expression, without) }
    }

    /// serde writes an unset `Option` as null (no `skip_serializing_if`): the name is defined.
    @Test func unsetAttributesAreNull() throws {
        let context = attributes().context
        for name in ["app_version", "app_build", "architecture", "device_manufacturer", "device_model", "locale", "os", "os_version",
                     "android_sdk_version", "debug_tag", "installation_date", "language", "region", "days_since_install",
                     "days_since_update", "nimbus_id"] {
            #expect(context[name] == .null, "\(name)")
        }
        #expect(Set(context.keys) == Set(TargetingAttributes.attributeNames))
        #expect(try evaluate("os_version == null", attributes()))
        #expect(context["active_experiments"] == .array([]))
        #expect(context["enrollments_map"] == .object([:]))
        #expect(context["is_already_enrolled"] == .bool(false))
    }

    /// `#[serde(flatten)]` writes the custom map right after the AppContext fields: it replaces
    /// those, and is replaced by everything TargetingAttributes writes after it.
    @Test func customAttributesReplaceAppFieldsButNotComputedOnes() {
        let context = attributes(locale: "en-US") {
            $0.appVersion = "1.0"
            $0.customTargetingAttributes = ["app_version": .string("2.0"), "os": .string("custom"), "language": .string("xx"),
                                            "days_since_install": .int(99), "nimbus_id": .string("mine")]
            $0.daysSinceInstall = 3
            $0.nimbusID = "id"
        }.context
        #expect(context["app_version"] == .string("2.0"))
        #expect(context["os"] == .string("custom"))
        #expect(context["language"] == .string("en"))
        #expect(context["days_since_install"] == .int(3))
        #expect(context["nimbus_id"] == .string("id"))
    }

    /// `update_time_to_now`: chrono's `num_days` truncates toward zero; the app's
    /// `installation_date` (milliseconds) wins over the stored install time.
    @Test(arguments: [
        (0, 86_399, nil, 0), (0, 86_400, nil, 1), (0, 10 * 86_400 + 5, nil, 10), (100 * 86_400 - 1, 0, nil, -99),
        (0, 30 * 86_400, 20 * 86_400 * 1000, 10),
    ] as [(Int, Int, Int?, Int)])
    func daysCountWholeDays(installedAt: Int, now: Int, installationDate: Int?, days: Int) {
        var attributes = attributes()
        attributes.installationDate = installationDate
        attributes.updateTime(now: now, installedAt: installedAt, updatedAt: now - 2 * 86_400)
        #expect(attributes.daysSinceInstall == days)
        #expect(attributes.daysSinceUpdate == 2)
        #expect(attributes.currentDate == now)
        #expect(attributes.context["current_date"] == .int(now))
    }

    /// `update_enrollment`: enrolled is in all three; disqualified and ended leave
    /// `active_experiments` only; not enrolled leaves all three.
    @Test func enrollmentSetsFollowEachEnrollment() {
        var attributes = attributes()
        attributes.update(with: StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "control")))
        attributes.update(with: StoredEnrollment(slug: "b", isRollout: false, state: .enrolled(branch: "treatment")))
        attributes.update(with: StoredEnrollment(slug: "c", isRollout: true, state: .wasEnrolled(branch: "rollout", endedAt: 0)))
        #expect(attributes.activeExperiments == ["a", "b"])
        #expect(attributes.enrollments == ["a", "b", "c"])
        #expect(attributes.enrollmentsMap == ["a": "control", "b": "treatment", "c": "rollout"])
        attributes.update(with: StoredEnrollment(slug: "a", isRollout: false, state: .disqualified(branch: "control", reason: .notTargeted)))
        attributes.update(with: StoredEnrollment(slug: "b", isRollout: false, state: .notEnrolled(featureConflict: false)))
        #expect(attributes.activeExperiments == [])
        #expect(attributes.enrollments == ["a", "c"])
        #expect(attributes.enrollmentsMap == ["a": "control", "c": "rollout"])
        #expect(attributes.context["enrollments_map"] == .object(["a": .string("control"), "c": .string("rollout")]))
    }

    /// The enrollment lists of the context are in UTF-8 byte order, shorter first on a common
    /// prefix, and non-ASCII slugs after ASCII ones (as their bytes are larger).
    @Test(arguments: [
        (["b", "a", "ab", "aa", ""], ["", "a", "aa", "ab", "b"]),
        (["é", "z", "e", "Z", "ä"], ["Z", "e", "z", "ä", "é"]),
        (["slug-10", "slug-9", "slug-1"], ["slug-1", "slug-10", "slug-9"]),
    ])
    func enrollmentListsAreInByteOrder(slugs: [String], expected: [String]) {
        let attributes = attributes { attributes in
            for slug in slugs { attributes.update(with: StoredEnrollment(slug: slug, isRollout: false, state: .enrolled(branch: "b"))) }
        }
        #expect(attributes.context["enrollments"] == .array(expected.map(JSONValue.string)))
        #expect(attributes.context["active_experiments"] == .array(expected.map(JSONValue.string)))
        #expect(expected == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func appContextFieldsAreSetByName() {
        var context = attributes()
        for name in TargetingAttributes.appContextNames where name != "installation_date" {
            let set = context.setAppContext(name, to: .string("v-\(name)"))
            #expect(set)
            #expect(context.context[name] == .string("v-\(name)"))
        }
        let refused = [
            context.setAppContext("installation_date", to: .string("5")), context.setAppContext("os", to: .int(5)),
            context.setAppContext("is_first_run", to: .bool(true)),
        ]
        #expect(refused == [false, false, false])
        let installed = context.setAppContext("installation_date", to: .int(5))
        #expect(installed)
        #expect(context.installationDate == 5)
        #expect(context.language == "v")
        #expect(context.region == "locale")
    }

    @Test func storedEnrollmentsComeBackFromTheirJSON() {
        let states: [StoredEnrollment.State] = [
            .enrolled(branch: "b"), .disqualified(branch: "b", reason: .notSelected), .wasEnrolled(branch: "b", endedAt: 7),
            .notEnrolled(featureConflict: true), .notEnrolled(featureConflict: false), .error,
        ]
        for state in states {
            let enrollment = StoredEnrollment(slug: "s", isRollout: true, state: state)
            #expect(StoredEnrollment(json: enrollment.json) == enrollment)
        }
        #expect(StoredEnrollment(json: .object(["slug": .string("s"), "state": .string("from-the-future")])) == nil)
        #expect(StoredEnrollment(json: .object(["slug": .string("s"), "state": .string("enrolled")])) == nil)
    }
}
