import Testing
@testable import Formats
@testable import Nimbus

/// `JEXLExpression.warnings`: where jexl-rs's reading of valid targeting is likely not the one
/// meant. The SDK's answer stands (the expression evaluates as on a device); the warning says why.
@Suite struct JEXLWarningTests {
    private func warnings(_ source: String) throws -> [String] {
        try JEXLExpression(parse: source).warnings
    }

    @Test func orThenAndWarnsAboutTheSharedPrecedence() throws {
        let found = try warnings("is_first_run || days_since_install < 7 && language == 'en'")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("at character 1: `a || b && c` means `(a || b) && c` in jexl-rs") == true)
        // Read the same way by JavaScript and jexl-rs: no warning.
        #expect(try warnings("a && b || c").isEmpty)
        #expect(try warnings("(a || b) && c").isEmpty)
        #expect(try warnings("a || (b && c)").isEmpty)
        // Inside parentheses the position is the group's.
        #expect(try warnings("x && (a || b && c)").first?.hasPrefix("at character 7:") == true)
    }

    @Test func numberLiteralsInListsWarnThatIntegersNeverMatch() throws {
        let context: [String: JSONValue] = ["days_since_install": .int(2)]
        let expression = try JEXLExpression(parse: "days_since_install in [1, 2, 3]")
        // The SDK's answer: the integer 2 is not the float 2.0.
        #expect(try expression.evaluateCondition(in: context) == false)
        #expect(expression.warnings.count == 1)
        #expect(expression.warnings[0].contains("an integer attribute (such as `days_since_install`) is never found in `[1, 2, 3]`"))
        #expect(try warnings("x == [1, 'a']").first?.contains("`[1, 'a']` never equals a list or object holding integers") == true)
        #expect(try warnings("{n: 1} != x").first?.contains("`{n: 1}`") == true)
        #expect(try warnings("language in ['en', 'de']").isEmpty)
        #expect(try warnings("days_since_install == 3").isEmpty)
    }

    @Test func aConditionalAsAnOperandWarnsThatItBindsTighter() throws {
        let expression = try JEXLExpression(parse: "channel == 'beta' ? 1 : 2")
        #expect(try expression.evaluate(in: ["channel": .string("beta")]) == .bool(false))
        #expect(expression.warnings.first?.hasPrefix("at character 12: `? :` binds tighter than every operator in jexl-rs") == true)
        #expect(try warnings("x ? 1 : 2 == 1").count == 1)
        #expect(try warnings("(channel == 'beta') ? 1 : 2").isEmpty)
        #expect(try warnings("x && (y ? 1 : 2)").isEmpty)
    }

    @Test func ordinaryTargetingHasNoWarnings() throws {
        for source in [
            "true",
            "app_version | versionCompare('114.!') >= 0 && language in ['en', 'de']",
            "(isFirstRun == 'true' || is_first_run == true) && days_since_install < 7",
            "'exp-a' in enrollments_map && enrollments_map['exp-a'] == 'control'",
        ] {
            #expect(try warnings(source).isEmpty, "\(source)")
        }
    }
}
