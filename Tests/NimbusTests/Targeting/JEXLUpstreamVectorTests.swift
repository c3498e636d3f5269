import Testing
@testable import Formats
@testable import Nimbus

/// The unit-test vectors of mozilla/jexl-rs 0.4 (MPL 2.0), as tables: jexl-eval/src/lib.rs
/// (`mod tests`), jexl-parser/src/lib.rs (`mod tests`) and jexl-parser/src/lexer.rs (`mod tests`).
/// Values are serde_json's: `json!(1.0)` is the float `.double(1)`, a transform's `u64` is `.int`.
@Suite struct JEXLUpstreamVectorTests {
    /// The transforms jexl-eval's tests register.
    static let transforms = JEXLTransforms([
        "lower": { subject, _ throws(JEXLError) in .string(subject.stringValue?.lowercased() ?? "") },
        "split": { subject, arguments throws(JEXLError) in
            guard case .string(let text) = subject, case .string(let separator)? = arguments.first else { throw .typeMismatch("split") }
            // Rust's `split_terminator`: no empty last piece.
            var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            if pieces.last == "" { pieces.removeLast() }
            return .array(pieces.map(JSONValue.string))
        },
        "sqrt": { subject, _ throws(JEXLError) in .int(Int(try number(subject).squareRoot())) },
        "square": { subject, _ throws(JEXLError) in .int(Int(try number(subject)) * Int(try number(subject))) },
        "error": { _, _ throws(JEXLError) in throw .typeMismatch("Invalid argument in transform!") },
    ])

    /// `as_f64()`, which the tests' transforms `expect`.
    static func number(_ value: JSONValue) throws(JEXLError) -> Double {
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: throw .typeMismatch("Should be a valid number!")
        }
    }

    static let bar: JSONValue = .object(["bar": .array([.object(["tek": .string("hello")]), .object(["tek": .string("baz")]), .object(["tok": .string("baz")])])])

    /// (expression, context, expected value) from jexl-eval's tests.
    static let values: [(String, [String: JSONValue], JSONValue)] = [
        ("1", [:], .double(1)),                                                    // test_literal
        ("1 + 2", [:], .double(3)),                                                // test_binary_expression_addition
        ("2 * 3", [:], .double(6)),                                                // test_binary_expression_multiplication
        ("2 + 3 * 4", [:], .double(14)),                                           // test_precedence
        ("(2 + 3) * 4", [:], .double(20)),                                         // test_parenthesis
        ("'Hello ' + 'World'", [:], .string("Hello World")),                       // test_string_concat
        ("2 > 1", [:], .bool(true)),                                               // test_true_comparison
        ("2 <= 1", [:], .bool(false)),                                             // test_false_comparison
        ("'foo' && 6 >= 6 && 0 + 1 && true", [:], .bool(true)),                    // test_boolean_logic
        ("a", ["a": .double(1)], .double(1)),                                      // test_identifier
        ("a.b", ["a": .object(["b": .double(2)])], .double(2)),                    // test_identifier_chain
        ("foo.bar[.tek == 'baz']", ["foo": bar], .array([.object(["tek": .string("baz")])])), // test_context_filter_arrays
        ("foo.bar[1].tek", ["foo": bar], .string("baz")),                          // test_context_array_index
        ("foo['ba' + 'z'].bar", ["foo": .object(["baz": .object(["bar": .string("tek")])])], .string("tek")), // test_object_expression_properties
        ("7 // 2", [:], .double(3)),                                               // test_divfloor
        ("{}", [:], .object([:])),                                                 // test_empty_object_literal
        ("{'foo': {'bar': 'tek'}}", [:], .object(["foo": .object(["bar": .string("tek")])])), // test_object_literal_strings
        ("{foo: {bar: 'tek'}}", [:], .object(["foo": .object(["bar": .string("tek")])])),     // test_object_literal_identifiers
        ("{foo: 'bar'}.foo", [:], .string("bar")),                                 // test_object_literal_properties
        ("['foo', 1+2]", [:], .array([.string("foo"), .double(3)])),               // test_array_literal
        ("[1, 2, 3][1]", [:], .double(2)),                                         // test_array_literal_indexing
        ("'bar' in 'foobartek'", [:], .bool(true)),                                // test_in_operator_string
        ("'baz' in 'foobartek'", [:], .bool(false)),
        ("'bar' in ['foo', 'bar', 'tek']", [:], .bool(true)),                      // test_in_operator_array
        ("'baz' in ['foo', 'bar', 'tek']", [:], .bool(false)),
        ("'bar' in {foo: 1, bar: 2, tek: 3}", [:], .bool(true)),                   // test_in_operator_object
        ("'baz' in {foo: 1, bar: 2, tek: 3}", [:], .bool(false)),
        ("'foo' ? 1 : 2", [:], .double(1)),                                        // test_conditional_expression
        ("'' ? 1 : 2", [:], .double(2)),
        ("(\t2\n+\n3) *\n4\n\r\n", [:], .double(20)),                              // test_arbitrary_whitespace
        ("1.5 * 3.0", [:], .double(4.5)),                                          // test_non_integer
        ("'hello world'", [:], .string("hello world")),                            // test_string_literal
        ("\"hello world\"", [:], .string("hello world")),
        ("'a\\'b'", [:], .string("a'b")),                                          // test_string_escapes
        ("\"a\\\"b\"", [:], .string("a\"b")),
        ("'T_T'|lower", [:], .string("t_t")),                                      // test_simple_transform
        ("4|square", [:], .int(16)),                                               // test_add_multiple_transforms
        ("4|sqrt", [:], .int(2)),
        ("4|square|sqrt", [:], .int(4)),
        ("'John Doe'|split(' ')", [:], .array([.string("John"), .string("Doe")])), // test_transform_with_argument
        ("foo[.bobo >= 50]", ["foo": .array([                                      // test_filter_collections_many_returned
            .object(["bobo": .int(50), "fofo": .int(100)]), .object(["bobo": .int(60), "baz": .int(90)]),
            .object(["bobo": .int(10), "bar": .int(83)]), .object(["bobo": .int(20), "yam": .int(12)]),
        ])], .array([.object(["bobo": .int(50), "fofo": .int(100)]), .object(["bobo": .int(60), "baz": .int(90)])])),
        ("42 || 0|error", [:], .double(42)),                                       // test_lazy_eval_binary_op_and_or
        ("false && 0|error", [:], .bool(false)),
        ("true ? 42 : 0|error", [:], .double(42)),                                 // test_lazy_eval_trinary_op
        ("false ? 0|error : 42", [:], .double(42)),
    ]

    @Test func evaluatorValues() throws {
        for (source, context, expected) in Self.values {
            #expect(try JEXLExpression(parse: source).evaluate(in: context, transforms: Self.transforms) == expected, "\(source)")
        }
    }

    /// (expression) that jexl-eval's tests expect to fail.
    static let failures: [(String, JEXLError?)] = [
        ("'hello'|world", .unknownTransform("world", known: ["error", "lower", "split", "sqrt", "square"])), // test_missing_transform
        ("not_defined", .undefinedIdentifier("not_defined")),                      // test_undefined_identifier
        ("1234|error", .typeMismatch("Invalid argument in transform!")),          // test_custom_error_message
        ("false || 0|error", nil),                                                 // test_lazy_eval_binary_op_and_or
        ("42 && 0|error", nil),
        ("true ? 0|error : 42", nil),                                              // test_lazy_eval_trinary_op
    ]

    @Test func evaluatorFailures() {
        for (source, error) in Self.failures {
            do {
                let value = try JEXLExpression(parse: source).evaluate(in: [:], transforms: Self.transforms)
                Issue.record("`\(source)` gave \(value), expected an error")
            } catch let thrown {
                if let error { #expect(thrown == error, "\(source)") }
            }
        }
    }

    /// test_undefined_identifier_truthy_ops: (expression, value, or nil for UndefinedIdentifier).
    static let truthyOps: [(String, JSONValue?)] = [
        ("UNDEFINED", nil),
        ("UNDEFINED == 'string'", nil),
        ("'string' == UNDEFINED", nil),
        ("UNDEFINED ? 'WRONG' : 'RIGHT'", .string("RIGHT")),
        ("DEFINED ? UNDEFINED : 'WRONG'", nil),
        ("UNDEFINED || 'RIGHT'", .string("RIGHT")),
        ("'RIGHT' || UNDEFINED", .string("RIGHT")),
        ("'WRONG' && UNDEFINED", nil),
        ("UNDEFINED && 'WRONG'", nil),
        ("(UNDEFINED && UNDEFINED == 'string') || (DEFINED && DEFINED == 'string')", .bool(true)),
    ]

    @Test func undefinedIdentifiersUnderTruthyOperators() {
        let context: [String: JSONValue] = ["NULL": .null, "DEFINED": .string("string")]
        for (source, expected) in Self.truthyOps {
            do {
                let value = try JEXLExpression(parse: source).evaluate(in: context)
                #expect(value == expected, "\(source)")
            } catch {
                #expect(expected == nil, "\(source): \(error)")
                guard case .undefinedIdentifier = error else {
                    Issue.record("\(source): expected an undefined identifier, got \(error)")
                    continue
                }
            }
        }
    }

    /// test_binary_op_eq_ne: every pair, with `==` and with `!=`.
    static let equalities: [(String, String, Bool)] = {
        let kinds = ["STRING", "NUMBER", "BOOLEAN", "NULL", "OBJECT", "ARRAY"]
        var pairs: [(String, String, Bool)] = [
            ("STRING", "'string'", true), ("NUMBER", "42", true), ("BOOLEAN", "true", true),
            ("OBJECT", "OBJECT", true), ("ARRAY", "[ 'string' ]", true), ("NULL", "null", true),
            // The context's integers are not the literal's floats under serde_json's equality.
            ("OBJECT", "{ 'x': 1, 'y': 2 }", false),
        ]
        for left in kinds {
            for right in kinds where left != right { pairs.append((left, right, false)) }
        }
        return pairs
    }()

    @Test func equalityOfEveryKind() throws {
        let context: [String: JSONValue] = [
            "NULL": .null, "STRING": .string("string"), "BOOLEAN": .bool(true), "NUMBER": .int(42),
            "OBJECT": .object(["x": .int(1), "y": .int(2)]), "ARRAY": .array([.string("string")]),
        ]
        #expect(Self.equalities.count == 37)
        for (left, right, equal) in Self.equalities {
            #expect(try JEXLExpression(parse: "\(left) == \(right)").evaluate(in: context) == .bool(equal), "\(left) == \(right)")
            #expect(try JEXLExpression(parse: "\(left) != \(right)").evaluate(in: context) == .bool(!equal), "\(left) != \(right)")
        }
    }

    /// test_binary_op_string_gt_lt_gte_lte: (left, right, left > right).
    @Test(arguments: [("A", "B", false), ("B", "A", true), ("A", "A", false)])
    func stringOrder(left: String, right: String, greater: Bool) throws {
        let context: [String: JSONValue] = ["A": .string("A string"), "B": .string("B string")]
        func check(_ source: String) throws -> Bool { try JEXLExpression(parse: source).evaluateCondition(in: context) }
        #expect(try check("\(left) > \(right)") == greater)
        #expect(try check("\(left) <= \(right)") == !greater)
        if try check("\(left) == \(right)") {
            #expect(try check("\(left) >= \(right)"))
        } else {
            #expect(try check("\(left) < \(right)") == !greater)
        }
    }

    // MARK: - jexl-parser/src/lib.rs

    static func number(_ value: Double) -> JEXLNode { .literal(.double(value)) }

    /// The parser folds a list or object of literals into one literal value; otherwise the
    /// trees are jexl-parser's, node for node.
    static let trees: [(String, JEXLNode)] = [
        ("1", number(1)),                                                                                  // literal
        ("1+2", .chain(number(1), [JEXLNode.Link(op: .add, operand: number(2))])),                         // binary_expression
        ("1  +     2 ", .chain(number(1), [JEXLNode.Link(op: .add, operand: number(2))])),                 // binary_expression_whitespace
        ("'T_T'|lower", .postfix(.literal(.string("T_T")), [.transform(name: "lower", arguments: [])])),  // transform_simple_no_args
        ("'John Doe'|split(' ')", .postfix(.literal(.string("John Doe")), [.transform(name: "split", arguments: [.literal(.string(" "))])])), // transform_multiple_args
        ("123456|math(12, 35, 100, 31, 90)", .postfix(number(123_456), [.transform(name: "math", arguments: [12, 35, 100, 31, 90].map(number))])), // trasform_way_too_many_args
        ("foo[0]", .postfix(.identifier("foo"), [.index(number(0))])),                                      // test_index_op_ident
        ("[1, 2, 3][0]", .postfix(.literal(.array([.double(1), .double(2), .double(3)])), [.index(number(0))])),                     // test_index_op_array_literal
        ("foo.bar", .postfix(.identifier("foo"), [.member("bar")])),                                        // test_dot_op_ident
        ("foo.bar == null", .chain(.postfix(.identifier("foo"), [.member("bar")]), [JEXLNode.Link(op: .equal, operand: .literal(.null))])), // test_dot_op_equality_with_null
        ("{'foo': 1}.foo", .postfix(.literal(.object(["foo": .double(1)])), [.member("foo")])), // test_dot_op_object_literal
        ("null", .literal(.null)),                                                                          // test_parsing_null
        ("[x, 1]", .array([.identifier("x"), number(1)])),
        ("{a: x}", .object([JEXLNode.Entry(key: "a", value: .identifier("x"))])),
        ("{a: 1, a: 2}", .object([JEXLNode.Entry(key: "a", value: number(1)), JEXLNode.Entry(key: "a", value: number(2))])),
        ("{}", .literal(.object([:]))),                                                                                // test_empty_object_literal
    ]

    @Test func parserTrees() throws {
        for (source, tree) in Self.trees {
            #expect(try JEXLParser.parse(source).root == tree, "\(source)")
        }
    }

    // MARK: - jexl-parser/src/lexer.rs

    static let tokens: [(String, [JEXLToken.Kind])] = [
        ("+ - * / % ^", ["+", "-", "*", "/", "%", "^"].map { .symbol($0) }),                              // test_basic_tokens
        ("123 45.67 .89", [.number(123), .number(45.67), .number(0.89)]),                                 // test_numbers
        (#""hello" 'world'"#, [.string("hello"), .string("world")]),                                      // test_strings
        ("foo true false null in", [.identifier("foo"), .literal(.bool(true)), .literal(.bool(false)), .literal(.null), .symbol("in")]), // test_identifiers_and_keywords
        ("foo.bar[0] == 'test' && (x > 1)", [                                                             // test_complex_expression
            .identifier("foo"), .symbol("."), .identifier("bar"), .symbol("["), .number(0), .symbol("]"), .symbol("=="),
            .string("test"), .symbol("&&"), .symbol("("), .identifier("x"), .symbol(">"), .number(1), .symbol(")"),
        ]),
    ]

    @Test func lexerTokens() throws {
        for (source, kinds) in Self.tokens {
            #expect(try JEXLTokenizer.tokenize(source).map(\.kind) == kinds + [.end], "\(source)")
        }
    }
}
