import Testing
@testable import Formats
@testable import Nimbus

/// Every vector of application-services
/// `components/support/firefox-versioning/tests/test_versioning.rs` (MPL 2.0), plus the
/// `versionCompare` expressions of `components/nimbus/src/tests/test_evaluator.rs`.
@Suite struct FirefoxVersionTests {
    typealias Part = FirefoxVersion.Part

    /// test_wild_card_to_version_part, test_empty_string_to_version_part,
    /// test_only_num_a_to_version_part, test_num_a_and_plus_str_b, test_num_a_and_str_b,
    /// test_num_a_str_b_and_num_c, test_full_valid_string_to_version_part,
    /// test_version_part_with_dashes, and the i32::MAX half of
    /// test_version_number_parsing_overflows.
    @Test(arguments: [
        ("*", Part(numberA: Int32.max)),
        ("", Part()),
        ("98382", Part(numberA: 98382)),
        ("92+", Part(numberA: 93, lettersB: "pre")),
        ("92beta", Part(numberA: 92, lettersB: "beta")),
        ("92beta72", Part(numberA: 92, lettersB: "beta", numberC: 72)),
        ("1pre3extrabithere", Part(numberA: 1, lettersB: "pre", numberC: 3, restD: "extrabithere")),
        ("0-beta", Part(restD: "-beta")),
        ("2147483647", Part(numberA: Int32.max)),
    ])
    func readsAPart(text: String, expected: Part) throws {
        #expect(try Part(parsing: Substring(text)) == expected)
    }

    /// test_version_number_parsing_overflows: one more than i32::MAX is an overflow error.
    @Test func aNumberPastInt32IsAnOverflowError() {
        #expect(throws: FirefoxVersionError.overflow(part: "2147483648")) { try Part(parsing: "2147483648") }
        #expect(throws: FirefoxVersionError.overflow(part: "1a2147483648")) { try Part(parsing: "1a2147483648") }
    }

    /// test_parse_full_version.
    @Test func readsEveryPartOfAVersion() throws {
        let version = try FirefoxVersion(parsing: "92+.10.1.beta")
        #expect(version.parts == [Part(numberA: 93, lettersB: "pre"), Part(numberA: 10), Part(numberA: 1), Part(lettersB: "beta")])
    }

    /// test_non_ascii_throws_error.
    @Test func aNonASCIICharacterIsAnError() {
        #expect(throws: FirefoxVersionError.nonASCII(part: "92🥲")) { try FirefoxVersion(parsing: "92🥲.1.2pre") }
    }

    /// test_compare_two_versions, test_compare_wild_card, test_exclamation_mark, and the chain of
    /// smoke_test_version_compare (from nsIVersionComparator.idl): each pair is (older, newer)
    /// or, with 0, equal.
    @Test(arguments: [
        ("92beta.1.2pre", "92beta.1.2", -1),
        ("95.2pre", "*", -1),
        ("93.!", "93.1", -1), ("93.!", "93.0-beta", -1), ("93.!", "93.alpha", -1),
        ("1.0pre1", "1.0pre2", -1), ("1.0pre2", "1.0", -1), ("1.0", "1.0.0", 0), ("1.0.0", "1.0.0.0", 0),
        ("1.0.0.0", "1.1pre", -1), ("1.1pre", "1.1pre0", 0), ("1.1pre0", "1.0+", 0), ("1.0+", "1.1pre1a", -1),
        ("1.1pre1a", "1.1pre1", -1), ("1.1pre1", "1.1pre10a", -1), ("1.1pre10a", "1.1pre10", -1),
    ])
    func comparesVersions(older: String, newer: String, order: Int) throws {
        let a = try FirefoxVersion(parsing: older), b = try FirefoxVersion(parsing: newer)
        #expect(a.compare(b) == order)
        #expect(b.compare(a) == -order)
    }

    private func compare(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        try VersionCompareTransform.apply(subject, arguments)
    }

    /// The SDK's `version_compare`, where this tool used to differ: `-` and `+` end a part's
    /// letters, `*a` is letters (not the wildcard), extra arguments are ignored.
    @Test(arguments: [
        ("1-beta", "1a", 1),
        ("1+b", "1a", 1),          // `+` right after the number: 2pre
        ("1a+b", "1a", -1),        // after letters, `+` starts the rest: "+b" sorts before ""
        ("*a", "1", -1),           // letters "*a" on number 0
        ("*", "2147483647", 0),
        ("97pre.1.0-beta.1", "96.!", 1),
        ("96.1", "96+.0", -1),
        ("96.1", "96.!", 1), ("96.1", "97.!", -1), ("95.1", "96.!", -1), ("97.1", "97.!", 1),
        ("4.4", "4.0", 1),
        ("114.1", "114.!", 1),
    ])
    func transformAnswersAsTheSDK(version: String, other: String, expected: Int) throws {
        #expect(try compare(.string(version), [.string(other)]) == .int(expected))
        #expect(try compare(.string(version), [.string(other), .int(7), .string("ignored")]) == .int(expected))
    }

    @Test func numbersAndMissingArgumentsAreErrors() {
        #expect(throws: JEXLError.self) { try compare(.int(114), [.string("114")]) }
        #expect(throws: JEXLError.self) { try compare(.double(114), [.string("114")]) }
        #expect(throws: JEXLError.self) { try compare(.string("114"), [.int(114)]) }
        #expect(throws: JEXLError.self) { try compare(.string("114"), []) }
        #expect(throws: JEXLError.self) { try compare(.null, [.string("1")]) }
    }

    @Test func anOverflowIsAnErrorNamingTheVersion() {
        do {
            _ = try compare(.string("1.2147483648"), [.string("1")])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'1.2147483648'"))
            #expect(error.description.contains("2147483647"))
        }
    }

    /// The SDK parses the other version first, so its error wins when both are bad.
    @Test func theOtherVersionIsReadFirst() {
        do {
            _ = try compare(.string("é"), [.string("99999999999")])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'99999999999'"))
        }
    }
}
