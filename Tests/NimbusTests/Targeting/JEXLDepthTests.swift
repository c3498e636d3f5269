import Testing
@testable import Formats
@testable import Nimbus

/// Hostile targeting: nesting beyond the parser's limit is an error, never a stack overflow, and
/// long flat chains are parsed and evaluated without recursing along them.
@Suite struct JEXLDepthTests {
    let context: [String: JSONValue] = ["yes": .bool(true), "no": .bool(false), "prefs": .object(["a": .bool(true)])]

    private func expectTooDeep(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try JEXLExpression(parse: source)
            Issue.record("expected a depth error", sourceLocation: sourceLocation)
        } catch {
            guard case .tooDeep(let limit, _) = error else {
                Issue.record("expected a depth error, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(limit == JEXLParser.maximumDepth, sourceLocation: sourceLocation)
            #expect("\(error)".contains("nested deeper than \(JEXLParser.maximumDepth) levels"), sourceLocation: sourceLocation)
        }
    }

    private func parenthesised(_ inner: String, _ count: Int) -> String {
        String(repeating: "(", count: count) + inner + String(repeating: ")", count: count)
    }

    @Test func nestingUpToTheLimitEvaluates() throws {
        // The whole expression is one level, so the limit leaves one less for parentheses.
        let deepest = parenthesised("yes", JEXLParser.maximumDepth - 1)
        #expect(try JEXLExpression(parse: deepest).evaluateCondition(in: context))
        expectTooDeep(parenthesised("yes", JEXLParser.maximumDepth))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        // 1,200 parentheses crashed a debug build, 17,000 a release build.
        expectTooDeep(parenthesised("yes", 20_000))
        expectTooDeep(String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000))
        expectTooDeep(String(repeating: "{a: ", count: 20_000) + "1" + String(repeating: "}", count: 20_000))
        expectTooDeep(String(repeating: "prefs[", count: 20_000) + "'a'" + String(repeating: "]", count: 20_000))
        expectTooDeep(String(repeating: "prefs[.a == [", count: 20_000) + "1" + String(repeating: "]]", count: 20_000))
        expectTooDeep(String(repeating: "'1' | versionCompare(", count: 20_000) + "'1'" + String(repeating: ")", count: 20_000))
    }

    @Test func longStepChainsAreLoopsNotNesting() throws {
        // `.member`, `[index]` and `| transform` steps are one list, as flat as `&&` terms.
        let members = try JEXLExpression(parse: "prefs" + String(repeating: ".a", count: 20_000))
        #expect(try members.evaluate(in: context) == .null)
        let indexes = try JEXLExpression(parse: "yes" + String(repeating: "[0]", count: 20_000))
        #expect(try indexes.evaluate(in: context) == .null)
        let conditionals = try JEXLExpression(parse: "no" + String(repeating: " ? no : no", count: 20_000) + " ? no : yes")
        #expect(try conditionals.evaluateCondition(in: context))
        let arithmetic = try JEXLExpression(parse: Array(repeating: "1", count: 20_000).joined(separator: " + "))
        #expect(try arithmetic.evaluate(in: context) == .double(20_000))
    }

    @Test func tokenSoupIsAValueOrAnErrorNeverACrash() {
        // Seeded random sequences of every token kind (and a few stray characters), parsed and
        // evaluated: each must end in a value or a JEXLError.
        let pieces = ["(", ")", "[", "]", "{", "}", ",", ".", ":", "?", "|", "||", "&&", "==", "!=", "<", "<=", ">", ">=",
                      "in", "+", "-", "*", "/", "//", "%", "^", "!", "=", "&", "'a'", "\"b\"", "'", "\\", "1", "2.5", ".5",
                      "0", "true", "false", "null", "yes", "no", "prefs", "a", "missing", "versionCompare", " ", "\u{e9}", "$", "#"]
        var state: UInt64 = 18
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var values = 0, errors = 0
        for _ in 0..<20_000 {
            let source = (0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()
            do {
                _ = try JEXLExpression(parse: source).evaluate(in: context)
                values += 1
            } catch {
                errors += 1
            }
        }
        #expect(values + errors == 20_000)
        #expect(values > 100)
    }

    @Test func theErrorSaysWhereTheLimitWasPassed() {
        #expect(throws: JEXLError.tooDeep(limit: JEXLParser.maximumDepth, position: JEXLParser.maximumDepth + 1)) {
            try JEXLExpression(parse: parenthesised("yes", 5_000))
        }
    }

    @Test func tenThousandAndTermsEvaluate() throws {
        // About 1,500 `&&` terms overflowed the stack: each one nested the tree one level more.
        let terms = 10_000
        let allTrue = try JEXLExpression(parse: Array(repeating: "yes", count: terms).joined(separator: " && "))
        #expect(try allTrue.evaluateCondition(in: context))
        let lastFalse = try JEXLExpression(parse: (Array(repeating: "yes", count: terms - 1) + ["no"]).joined(separator: " && "))
        #expect(try !lastFalse.evaluateCondition(in: context))
        let anyTrue = try JEXLExpression(parse: (Array(repeating: "no", count: terms - 1) + ["yes"]).joined(separator: " || "))
        #expect(try anyTrue.evaluateCondition(in: context))
        // Comparisons chain left to right: ((yes == yes) == yes) …
        let equalities = try JEXLExpression(parse: Array(repeating: "yes", count: terms).joined(separator: " == "))
        #expect(try equalities.evaluateCondition(in: context))
        // Alternating precedences stay two levels deep.
        let mixed = try JEXLExpression(parse: Array(repeating: "no && yes", count: terms / 2).joined(separator: " || ") + " || yes")
        #expect(try mixed.evaluateCondition(in: context))
        // Comparing, hashing and freeing the expressions walk the chains too.
        let again = try JEXLExpression(parse: allTrue.source)
        #expect(Set([allTrue, again, lastFalse, anyTrue, equalities, mixed]).count == 5)
    }

    @Test func shortCircuitAndErrorsStillFollowJEXL() throws {
        #expect(try JEXLExpression(parse: "no && missing && yes").evaluate(in: context) == .bool(false))
        #expect(try JEXLExpression(parse: "yes || missing").evaluate(in: context) == .bool(true))
        #expect(throws: JEXLError.undefinedIdentifier("missing")) { try JEXLExpression(parse: "yes && yes && missing").evaluate(in: context) }
        // An error names the chain up to the operator that failed.
        #expect(throws: JEXLError.typeMismatch("`<` compares two numbers or two strings, found boolean and number in `1 < 2 < 3`")) {
            try JEXLExpression(parse: "1 < 2 < 3 < 4").evaluate(in: context)
        }
        #expect(throws: JEXLError.typeMismatch("`<` compares two numbers or two strings, found boolean and number in `no == yes < 1`")) {
            try JEXLExpression(parse: "no == yes < 1").evaluate(in: context)
        }
    }

    @Test func deepContextValuesAreComparedWithoutCrashing() throws {
        // Context values come through the JSON parser, which allows 512 levels; comparing two
        // such values walks them both.
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let deep = try JSONParser.parse(text)
        let context = ["a": deep, "b": try JSONParser.parse(text)]
        #expect(try JEXLExpression(parse: "a == b && a in [b] && (a != b) == false").evaluateCondition(in: context))
    }
}
