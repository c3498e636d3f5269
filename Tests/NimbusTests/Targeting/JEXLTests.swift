import Testing
@testable import Formats
@testable import Nimbus

/// JEXL as jexl-rs 0.4 evaluates it, on a context shaped like the one the SDK serializes
/// (integers for counts, `null` for absent options).
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
        "enrollments": .array([]),
        "enrollments_map": .object(["exp-a": .string("control")]),
        "user": .object(["age": .int(3)]),
        "prefs": .object(["theme": .object(["dark": .bool(true)]), "count": .double(2.5)]),
        "empty": .string(""),
        "os_version": .null,
    ]

    private func value(_ source: String) throws -> JSONValue {
        try JEXLExpression(parse: source).evaluate(in: context)
    }

    @Test(arguments: [
        ("true", JSONValue.bool(true)),
        ("null", .null),
        // Every number literal is an f64 in jexl-rs, and so is every arithmetic result.
        ("42", .double(42)),
        ("4.5", .double(4.5)),
        (".5", .double(0.5)),
        ("days_since_install", .int(3)),
        ("days_since_install + 0", .double(3)),
        ("'it\\'s'", .string("it's")),
        ("\"say \\\"hi\\\"\"", .string("say \"hi\"")),
        ("'say \"hi\"'", .string("say \"hi\"")),
        ("[1, 'a', [true],]", .array([.double(1), .string("a"), .array([.bool(true)])])),
        ("[]", .array([])),
        ("{a: 1, 'b c': null, \"d\": [],}", .object(["a": .double(1), "b c": .null, "d": .array([])])),
        ("prefs.theme.dark", .bool(true)),
        ("prefs['count']", .double(2.5)),
        ("active_experiments[1]", .string("b")),
        ("active_experiments[1.9]", .string("b")),
        ("active_experiments[0 - 1]", .string("a")),
        ("'en' || 'fr'", .string("en")),
        ("empty && 'x'", .string("")),
        ("7 % 4", .double(3)),
        ("2 ^ 3 ^ 2", .double(64)),
        ("2 * 3 % 2", .double(2)),
        ("1 / 0", .null),
        ("0 / 0", .null),
        ("5 // 0", .null),
        ("(0 - 7) // 2", .double(-4)),
        ("(0 - 7) % 3", .double(-1)),
        ("'a' + 'b'", .string("ab")),
        ("true ? 1 : 2", .double(1)),
        ("null ? 1 : 2 ? 3 : 4", .double(3)),
        ("{a: {b: 'c'}}.a.b", .string("c")),
        ("1.foo", .null),
        ("'abc'.length", .null),
        ("os_version.major", .null),
        ("[{n: 1}, {n: 2}, 3][.n >= 2]", .array([.object(["n": .double(2)])])),
        ("user.theme", .null),
        ("enrollments[0]", .null),
        (String(repeating: "9", count: 400), .null),
        (String(repeating: "9", count: 400) + " == null", .bool(true)),
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
        ("days_since_install == 3", true),
        // Numbers are equal within 0.000001.
        ("1 == 1.0000001", true),
        ("'b' > 'a'", true),
        ("'B' < 'a'", true),
        ("language in ['en', 'de']", true),
        ("'fr' in ['en', 'de']", false),
        ("'US' in locale", true),
        ("'' in locale", true),
        ("1 in 1", false),
        ("'a' in active_experiments && is_already_enrolled == false", true),
        ("is_first_run && days_since_install < 1", false),
        ("(language == 'en') == false", false),
        ("(channel == 'beta' || channel == 'nightly') && language == 'en'", true),
        // Lists compare with serde_json's equality, where literals are floats and context integers are not.
        ("[1, 2] == [1, 2.0]", true),
        ("[days_since_install] == [3]", false),
        ("days_since_install in [1, 2, 3]", false),
        ("days_since_install + 0 in [1, 2, 3]", true),
        ("{a: 1} == {a: 1}", true),
        ("user == {age: 3}", false),
        ("null == null", true),
        ("null == false", false),
        ("'1' == 1", false),
        ("app_version | versionCompare('114.!') >= 0", true),
        ("app_version|versionCompare('115') < 0", true),
        ("'2.1' | versionCompare('2') > 0", true),
    ])
    func evaluatesConditions(source: String, expected: Bool) throws {
        #expect(try JEXLExpression(parse: source).evaluateCondition(in: context) == expected)
    }

    /// The expressions of the issue that asked for jexl-rs's semantics, each as a device evaluates it.
    @Test func theIssuesExpressions() throws {
        // `&&` and `||` are one precedence level, read left to right.
        #expect(try JEXLExpression(parse: "true || false && false").evaluateCondition(in: [:]) == false)
        // Missing members and indexes are null, not errors.
        #expect(try JEXLExpression(parse: "user.theme == null").evaluateCondition(in: ["user": .object(["age": .int(3)])]))
        #expect(try JEXLExpression(parse: "enrollments[0] != 'exp-a'").evaluateCondition(in: ["enrollments": .array([])]))
        // Experimenter's first-run targeting enrolls a client that only sets `is_first_run`.
        let firstRun = try JEXLExpression(parse: "(isFirstRun == 'true' || is_first_run == true) && days_since_install < 7")
        #expect(try firstRun.evaluateCondition(in: ["is_first_run": .bool(true), "days_since_install": .int(0)]))
        #expect(try firstRun.evaluateCondition(in: ["isFirstRun": .string("true"), "days_since_install": .int(0)]))
        #expect(try !firstRun.evaluateCondition(in: ["is_first_run": .bool(false), "days_since_install": .int(0)]))
        // `in` over an object tests its keys.
        #expect(try JEXLExpression(parse: "'exp-a' in enrollments_map").evaluateCondition(in: context))
        #expect(try !JEXLExpression(parse: "'control' in enrollments_map").evaluateCondition(in: context))
    }

    @Test func undefinedIdentifiersAreErrorsExceptOnTheLeftOfOrAndConditionals() throws {
        let expression = try JEXLExpression(parse: "language == 'en' && is_frist_run")
        #expect(throws: JEXLError.undefinedIdentifier("is_frist_run")) { try expression.evaluate(in: context) }
        #expect("\(JEXLError.undefinedIdentifier("is_frist_run"))" == "undefined identifier `is_frist_run`")
        // jexl-eval's test_undefined_identifier_truthy_ops, on this context.
        #expect(try value("missing || 'RIGHT'") == .string("RIGHT"))
        #expect(try value("missing ? 'WRONG' : 'RIGHT'") == .string("RIGHT"))
        #expect(throws: JEXLError.undefinedIdentifier("missing")) { try value("missing && 'WRONG'") }
        #expect(throws: JEXLError.undefinedIdentifier("missing")) { try value("'WRONG' && missing") }
        #expect(throws: JEXLError.undefinedIdentifier("missing")) { try value("false || missing") }
        #expect(throws: JEXLError.undefinedIdentifier("missing")) { try value("missing == 'x'") }
        // A left side that errors for another reason is skipped the same way.
        #expect(try value("'a' < 1 || 'RIGHT'") == .string("RIGHT"))
        // Short-circuits never evaluate the other side.
        #expect(try value("false && missing") == .bool(false))
        #expect(try value("true || missing") == .bool(true))
    }

    @Test func bangIsASyntaxErrorThatSaysWhy() throws {
        for source in ["!is_first_run", "is_first_run && !is_already_enrolled", "!(language == 'en')"] {
            do {
                _ = try JEXLExpression(parse: source)
                Issue.record("`\(source)` must not parse: jexl-rs has no `!`")
            } catch {
                guard case .syntax(let message, let position) = error else {
                    Issue.record("expected a syntax error, got \(error)")
                    continue
                }
                #expect(position == Array(source).firstIndex(of: "!")! + 1)
                #expect(message.contains("jexl-rs"))
                #expect(message.contains("has no `!`"))
                #expect(message.contains("== false"))
            }
        }
        // `!=` is still the operator it always was.
        #expect(try JEXLExpression(parse: "language != 'fr'").evaluateCondition(in: context))
    }

    @Test(arguments: [
        ("", "syntax error at character 1: empty expression"),
        ("(true", "syntax error at character 6: unexpected end of the expression; expected `)`"),
        ("language = 'en'", "syntax error at character 10: unexpected `=`: JEXL has no assignment; compare with `==`"),
        ("'abc", "syntax error at character 1: unterminated string: add the closing '"),
        ("a # b", "syntax error at character 3: unexpected character `#`"),
        ("true false", "syntax error at character 6: unexpected `false`; expected an operator or the end of the expression"),
        ("-3", "syntax error at character 1: unexpected `-`; expected a value (a number, string, `true`, `false`, `null`, list, object, name or `(`) (jexl-rs has no unary minus; write `0 - x`)"),
        ("now()", "syntax error at character 4: unexpected `(`; expected an operator or the end of the expression (JEXL has no function calls; a transform is written `subject | now(…)`)"),
        ("'a\\b'", "syntax error at character 3: invalid escape in a string: jexl-rs only allows `\\'` there (no `\\\\`, `\\n` or other escapes)"),
        ("a & b", "syntax error at character 3: unexpected `&`: the logical operator is `&&`"),
        ("locale == 'fr-CH' || locale == 'é'", "syntax error at character 33: jexl-rs 0.4 (the engine the mobile SDK uses) cannot read non-ASCII characters in an expression: a device fails it; compare against an attribute instead of writing the text in the expression"),
        ("x | t.a", "syntax error at character 6: unexpected `.`; expected an operator or the end of the expression"),
        ("x ? 1 + 2 : 3", "syntax error at character 7: unexpected `+`; expected `:`"),
        ("[.a == 1]", "syntax error at character 2: unexpected `.`; expected a value (a number, string, `true`, `false`, `null`, list, object, name or `(`)"),
        ("x[.a == y.b]", "syntax error at character 10: unexpected `.`; expected `]`"),
        ("{true: 1}", "syntax error at character 2: unexpected `true`; expected an object key (a name or a string)"),
        ("[1 2]", "syntax error at character 4: unexpected number `2`; expected `]`"),
        ("$x", "syntax error at character 1: unexpected character `$`"),
    ])
    func syntaxErrorsHavePositions(source: String, message: String) {
        do {
            _ = try JEXLExpression(parse: source)
            Issue.record("expected a syntax error for \(source)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func evaluationErrorsNameTheOperation() throws {
        #expect(throws: JEXLError.typeMismatch("`<` compares two numbers or two strings, found string and number in `language < 3`")) {
            try value("language < 3")
        }
        #expect(throws: JEXLError.typeMismatch("`in` needs a string or list on its right (or a string key on its left and an object on its right), found string and integer in `'a' in days_since_install`")) {
            try value("'a' in days_since_install")
        }
        #expect(throws: JEXLError.unknownTransform("lower", known: ["versionCompare"])) {
            try JEXLExpression(parse: "locale | lower").evaluate(in: context, transforms: JEXLTransforms(["versionCompare": JEXLTransforms.stateless.byName["versionCompare"]!]))
        }
        #expect("\(JEXLError.unknownTransform("lower", known: ["versionCompare"]))" == "unknown transform `lower`; the registered ones are `versionCompare`")
        #expect(throws: JEXLError.duplicateObjectKey("a")) { try value("{a: 1, a: 2}") }
        #expect(throws: JEXLError.self) { try value("active_experiments[true]") }
        #expect(throws: JEXLError.self) { try value("locale[.a == 1]") }
        #expect(throws: JEXLError.self) { try value("'a' - 'b'") }
        #expect(throws: JEXLError.self) { try value("null < 1") }
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

    @Test func stringsCompareByTheirBytesAsRustDoes() throws {
        // Swift's `==` and `<` on String use canonical equivalence; serde_json compares bytes.
        let decomposed: [String: JSONValue] = ["a": .string("e\u{301}"), "b": .string("\u{e9}"), "kelvin": .string("\u{212A}")]
        #expect(try !JEXLExpression(parse: "a == b").evaluateCondition(in: decomposed))
        #expect(try JEXLExpression(parse: "a < b").evaluateCondition(in: decomposed))
        #expect(try !JEXLExpression(parse: "kelvin == 'K'").evaluateCondition(in: decomposed))
        #expect(try !JEXLExpression(parse: "'K' in kelvin").evaluateCondition(in: decomposed))
        #expect(try !JEXLExpression(parse: "a in [b]").evaluateCondition(in: decomposed))
    }
}
