import Testing
@testable import Nimbus

@Suite struct JEXLTests {
    let context: [String: JSONValue] = [
        "app_name": .string("firefox_ios"),
        "channel": .string("beta"),
        "language": .string("en"),
        "region": .string("US"),
        "locale": .string("en-US"),
        "days_since_install": .int(3),
        "is_already_enrolled": .bool(false),
        "is_first_run": .bool(true),
        "app_version": .string("114.1"),
        "active_experiments": .array([.string("a"), .string("b")]),
        "prefs": .object(["theme": .object(["dark": .bool(true)]), "count": .double(2.5)]),
        "empty": .string(""),
    ]

    private func value(_ source: String) throws -> JSONValue {
        try JEXLExpression(parse: source).evaluate(in: context)
    }

    @Test(arguments: [
        ("true", JSONValue.bool(true)),
        ("null", .null),
        ("42", .int(42)),
        ("4.5", .double(4.5)),
        ("-3", .int(-3)),
        ("'it\\'s'", .string("it's")),
        ("\"dq\"", .string("dq")),
        ("[1, 'a', [true]]", .array([.int(1), .string("a"), .array([.bool(true)])])),
        ("[]", .array([])),
        ("prefs.theme.dark", .bool(true)),
        ("prefs['count']", .double(2.5)),
        ("active_experiments[1]", .string("b")),
        ("'en' || 'fr'", .string("en")),
        ("empty && 'x'", .string("")),
    ])
    func evaluatesValues(source: String, expected: JSONValue) throws {
        #expect(try value(source) == expected)
    }

    @Test(arguments: [
        ("app_name == 'firefox_ios'", true),
        ("channel != 'release'", true),
        ("days_since_install < 7", true),
        ("days_since_install <= 3", true),
        ("days_since_install > 3", false),
        ("days_since_install >= 3.0", true),
        ("prefs.count > 2", true),
        ("3 == 3.0", true),
        ("'b' > 'a'", true),
        ("language in ['en', 'de']", true),
        ("'fr' in ['en', 'de']", false),
        ("'US' in locale", true),
        ("'a' in active_experiments && !is_already_enrolled", true),
        ("is_first_run && days_since_install < 1", false),
        ("!is_first_run || region == 'US'", true),
        ("!(language == 'en')", false),
        ("!!empty", false),
        ("(channel == 'beta' || channel == 'nightly') && language == 'en'", true),
        ("[1, 2] == [1, 2.0]", true),
        // && binds tighter than ||.
        ("true || false && false", true),
        ("app_version | versionCompare('114.!') >= 0", true),
        ("app_version|versionCompare('115') < 0", true),
        ("'1.2' | versionCompare('1.10') < 0", true),
        ("'1.2' | versionCompare('1.2.0') == 0", true),
        ("'1.0a1' | versionCompare('1.0') < 0", true),
        ("'1.0b2' | versionCompare('1.0b10') < 0", true),
        ("'1.0a2' | versionCompare('1.0b1') < 0", true),
        ("'2.1' | versionCompare('2') > 0", true),
        ("'1.*' | versionCompare('1.999') > 0", true),
    ])
    func evaluatesConditions(source: String, expected: Bool) throws {
        #expect(try JEXLExpression(parse: source).evaluateCondition(in: context) == expected)
    }

    @Test func undefinedIdentifierIsNamed() throws {
        let expression = try JEXLExpression(parse: "language == 'en' && is_frist_run")
        #expect(throws: JEXLError.undefinedIdentifier("is_frist_run")) { try expression.evaluate(in: context) }
        #expect(throws: JEXLError.undefinedIdentifier("prefs.theme.light")) { try value("prefs.theme.light") }
        #expect(throws: JEXLError.undefinedIdentifier("prefs['nope']")) { try value("prefs['nope']") }
        #expect("\(JEXLError.undefinedIdentifier("is_frist_run"))" == "undefined identifier `is_frist_run`")
    }

    @Test func shortCircuitSkipsUndefinedIdentifiers() throws {
        // As in JavaScript, the right side is not evaluated when the left decides.
        #expect(try value("false && missing") == .bool(false))
        #expect(try value("true || missing") == .bool(true))
    }

    @Test(arguments: [
        ("1 + 2", JEXLError.unsupported("arithmetic operator `+`")),
        ("days_since_install * 2 > 1", .unsupported("arithmetic operator `*`")),
        ("is_first_run ? 1 : 2", .unsupported("conditional expression (`? :`)")),
        ("{a: 1}", .unsupported("object literal")),
        ("active_experiments[.slug == 'a']", .unsupported("filter expression `[.…]`")),
        ("locale | lower", .unsupported("transform `lower`")),
        ("now()", .unsupported("function call `now(…)`")),
    ])
    func unsupportedConstructsAreNamed(source: String, error: JEXLError) {
        #expect(throws: error) { try JEXLExpression(parse: source).evaluate(in: context) }
    }

    @Test(arguments: [
        ("", "syntax error at character 1: empty expression"),
        ("(true", "syntax error at character 6: expected `)`, found end of expression"),
        ("language = 'en'", "syntax error at character 10: unexpected `=` (comparison is `==`)"),
        ("'abc", "syntax error at character 1: unterminated string"),
        ("a # b", "syntax error at character 3: unexpected character `#`"),
        ("true false", "syntax error at character 6: unexpected `false`"),
    ])
    func syntaxErrorsHavePositions(source: String, message: String) {
        do {
            _ = try JEXLExpression(parse: source)
            Issue.record("expected a syntax error for \(source)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func typeErrorsAreReported() throws {
        #expect(throws: JEXLError.typeMismatch("cannot compare string with integer using `<` in `language < 3`")) {
            try value("language < 3")
        }
        #expect(throws: JEXLError.typeMismatch("`in` needs a list or a string on its right, found integer in `'a' in days_since_install`")) {
            try value("'a' in days_since_install")
        }
        #expect(throws: JEXLError.self) { try JEXLExpression(parse: "language").evaluateCondition(in: context) }
    }

    @Test func truthinessFollowsJavaScript() {
        #expect(!JEXLExpression.isTruthy(.null))
        #expect(!JEXLExpression.isTruthy(.bool(false)))
        #expect(!JEXLExpression.isTruthy(.int(0)))
        #expect(!JEXLExpression.isTruthy(.double(0)))
        #expect(!JEXLExpression.isTruthy(.double(.nan)))
        #expect(!JEXLExpression.isTruthy(.string("")))
        #expect(JEXLExpression.isTruthy(.string("0")))
        #expect(JEXLExpression.isTruthy(.array([])))
        #expect(JEXLExpression.isTruthy(.object([:])))
        #expect(JEXLExpression.isTruthy(.int(-1)))
    }
}
