import Formats
/// Recursive-descent parser from JEXL tokens to a `JEXLNode`, accepting exactly jexl-rs's
/// grammar (`jexl-parser/src/parser.lalrpop`). Its precedence levels, lowest first, each
/// left-associative:
///
/// 1. `&&` `||` — one level: `true || false && false` is `(true || false) && false`
/// 2. `==` `!=` `>=` `<=` `>` `<` `in`
/// 3. `+` `-`
/// 4. `*` `//` `/`
/// 5. `%` `^`
/// 6. `condition ? a : b`, whose branches may only be level-7 expressions
/// 7. `subject | transform` and `subject | transform(arguments)`
/// 8. `.member`, `[index]` and the filter `[.member op primary]`
/// 9. literals (numbers, strings, `true` `false` `null`, lists, objects), identifiers, `( … )`
///
/// There are no unary operators (`!x`, `-1`) and no function calls. Lists, objects, transform
/// arguments take a trailing comma. Operators of one level are read in a loop into one node, so
/// a long flat expression costs no stack; parentheses, lists, objects, subscripts and transform
/// arguments each count towards `maximumDepth`, which bounds the recursion of the parser and of
/// every walk of the tree.
///
/// While parsing it notes `warnings`: places where jexl-rs reads the expression differently from
/// what its author probably meant.
struct JEXLParser {
    /// Nesting deeper than this is an error. Real targeting nests a few levels; each level
    /// costs the parser about ten stack frames, so 100 stays far below a thread's stack.
    static let maximumDepth = 100

    private let tokens: [JEXLToken]
    private var index = 0
    private var depth = 0
    private(set) var warnings: [String] = []

    static func parse(_ source: String) throws(JEXLError) -> (root: JEXLNode, warnings: [String]) {
        var parser = JEXLParser(tokens: try JEXLTokenizer.tokenize(source))
        guard parser.current.kind != .end else { throw .syntax(message: "empty expression", position: 1) }
        let node = try parser.parseExpression()
        guard parser.current.kind == .end else { throw parser.unexpected(expecting: "an operator or the end of the expression") }
        return (node, parser.warnings)
    }

    private init(tokens: [JEXLToken]) {
        self.tokens = tokens
    }

    private var current: JEXLToken { tokens[index] }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private mutating func take(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws(JEXLError) {
        guard take(symbol) else { throw unexpected(expecting: "`\(symbol)`") }
    }

    private func unexpected(expecting: String) -> JEXLError {
        if current.kind == .end {
            return .syntax(message: "unexpected end of the expression; expected \(expecting)", position: current.position)
        }
        var message = "unexpected \(current.display); expected \(expecting)"
        if case .symbol("(") = current.kind, index > 0, case .identifier(let name) = tokens[index - 1].kind {
            message += " (JEXL has no function calls; a transform is written `subject | \(name)(…)`)"
        }
        if case .symbol("-") = current.kind {
            message += " (jexl-rs has no unary minus; write `0 - x`)"
        }
        return .syntax(message: message, position: current.position)
    }

    private mutating func note(_ warning: String) {
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// One level deeper at the current token; `leave()` gives it back.
    private mutating func enter() throws(JEXLError) {
        depth += 1
        if depth > Self.maximumDepth { throw .tooDeep(limit: Self.maximumDepth, position: current.position) }
    }

    private mutating func leave() {
        depth -= 1
    }

    private func binaryOperator(in level: [JEXLNode.Operator]) -> JEXLNode.Operator? {
        guard case .symbol(let symbol) = current.kind, let op = JEXLNode.Operator(rawValue: symbol), level.contains(op) else { return nil }
        return op
    }

    private mutating func parseBinary(
        _ level: [JEXLNode.Operator],
        next: (inout JEXLParser) throws(JEXLError) -> JEXLNode
    ) throws(JEXLError) -> JEXLNode {
        let first = try next(&self)
        var links: [JEXLNode.Link] = []
        while let op = binaryOperator(in: level) {
            index += 1
            links.append(JEXLNode.Link(op: op, operand: try next(&self)))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    /// `Expression`: a whole (sub)expression, one level deeper.
    private mutating func parseExpression() throws(JEXLError) -> JEXLNode {
        try enter()
        defer { leave() }
        let start = current.position
        let node = try parseBinary([.and, .or]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseComparison() }
        if case .chain(_, let links) = node,
           let or = links.firstIndex(where: { $0.op == .or }), links[(or + 1)...].contains(where: { $0.op == .and }) {
            note("at character \(start): `a || b && c` means `(a || b) && c` in jexl-rs, which gives `&&` and `||` one precedence read left to right (JavaScript binds `&&` tighter); add parentheses to say which is meant")
        }
        return node
    }

    private mutating func parseComparison() throws(JEXLError) -> JEXLNode {
        let start = current.position
        let node = try parseBinary([.equal, .notEqual, .greaterEqual, .lessEqual, .greater, .less, .in]) {
            (parser: inout JEXLParser) throws(JEXLError) in try parser.parseAdditive()
        }
        if case .chain(let first, let links) = node {
            var left = first
            for link in links {
                noteStrictNumbers(link.op, left, link.operand, at: start)
                left = link.operand
            }
        }
        return node
    }

    /// jexl-rs compares list elements and object values with serde_json's equality, where the
    /// integer 3 (how the SDK serializes `days_since_install`) is not the float 3.0 (every number
    /// literal), while `==` between two numbers is a float comparison.
    private mutating func noteStrictNumbers(_ op: JEXLNode.Operator, _ left: JEXLNode, _ right: JEXLNode, at start: Int) {
        switch op {
        case .in where Self.isListLiteral(right) && Self.containsNumberLiteral(right):
            note("at character \(start): `in` looks for the value among the list's elements with exact JSON equality, and number literals are floats, so an integer attribute (such as `days_since_install`) is never found in `\(right.sourceText)`; compare with `==` (or `>=` and `<=`) joined by `||` instead")
        case .equal, .notEqual:
            for side in [left, right] where Self.isCollectionLiteral(side) && Self.containsNumberLiteral(side) {
                note("at character \(start): `\(op.rawValue)` compares lists and objects with exact JSON equality, and number literals are floats, so `\(side.sourceText)` never equals a list or object holding integers")
            }
        default:
            break
        }
    }

    private static func isListLiteral(_ node: JEXLNode) -> Bool {
        switch node {
        case .array, .literal(.array): true
        default: false
        }
    }

    private static func isCollectionLiteral(_ node: JEXLNode) -> Bool {
        switch node {
        case .array, .object, .literal(.array), .literal(.object): true
        default: false
        }
    }

    private static func containsNumberLiteral(_ node: JEXLNode) -> Bool {
        switch node {
        case .literal(let value): containsFloat(value)
        case .array(let elements): elements.contains(where: containsNumberLiteral)
        case .object(let entries): entries.contains { containsNumberLiteral($0.value) }
        default: false
        }
    }

    /// Literals nest at most `maximumDepth` levels, so this recursion is bounded.
    private static func containsFloat(_ value: JSONValue) -> Bool {
        switch value {
        case .double: true
        case .array(let elements): elements.contains(where: containsFloat)
        case .object(let members): members.values.contains(where: containsFloat)
        default: false
        }
    }

    private mutating func parseAdditive() throws(JEXLError) -> JEXLNode {
        try parseBinary([.add, .subtract]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseMultiplicative() }
    }

    private mutating func parseMultiplicative() throws(JEXLError) -> JEXLNode {
        try parseBinary([.multiply, .floorDivide, .divide]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseModulus() }
    }

    private mutating func parseModulus() throws(JEXLError) -> JEXLNode {
        try parseBinary([.modulus, .exponent]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseConditional() }
    }

    /// `Expr50`: binds tighter than every binary operator, so `a == b ? c : d` is `a == (b ? c : d)`.
    private mutating func parseConditional() throws(JEXLError) -> JEXLNode {
        let startIndex = index
        let condition = try parseTransforms()
        var branches: [JEXLNode.Branches] = []
        while take("?") {
            let truthy = try parseTransforms()
            try expect(":")
            branches.append(JEXLNode.Branches(truthy: truthy, falsy: try parseTransforms()))
        }
        guard !branches.isEmpty else { return condition }
        let before = startIndex > 0 ? tokens[startIndex - 1] : nil
        if Self.isBinaryOperator(before) || Self.isBinaryOperator(current) {
            note("at character \(tokens[startIndex].position): `? :` binds tighter than every operator in jexl-rs, so `a == b ? c : d` means `a == (b ? c : d)`; put the conditional, or its condition, in parentheses")
        }
        return .conditional(condition, branches)
    }

    private static func isBinaryOperator(_ token: JEXLToken?) -> Bool {
        guard case .symbol(let symbol) = token?.kind else { return false }
        return JEXLNode.Operator(rawValue: symbol) != nil
    }

    /// `Expr60` and `Expr70`: member, index and filter steps, then transforms. A transform's
    /// result takes no `.member` or `[index]` without parentheses (`(x | t).a`), as in jexl-rs.
    private mutating func parseTransforms() throws(JEXLError) -> JEXLNode {
        let base = try parsePrimary()
        var steps: [JEXLNode.Step] = []
        var inTransforms = false
        while true {
            if !inTransforms, take(".") {
                guard case .identifier(let name) = current.kind else { throw unexpected(expecting: "a name after `.`") }
                index += 1
                steps.append(.member(name))
            } else if !inTransforms, take("[") {
                steps.append(try parseSubscript())
            } else if take("|") {
                inTransforms = true
                guard case .identifier(let name) = current.kind else { throw unexpected(expecting: "a transform name after `|`") }
                index += 1
                var arguments: [JEXLNode] = []
                if take("(") {
                    arguments = try parseList(closing: ")") { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseExpression() }
                }
                steps.append(.transform(name: name, arguments: arguments))
            } else {
                return steps.isEmpty ? base : .postfix(base, steps)
            }
        }
    }

    /// After `[`: a filter `[.name op primary]` or an index `[expression]`.
    private mutating func parseSubscript() throws(JEXLError) -> JEXLNode.Step {
        if take(".") {
            guard case .identifier(let member) = current.kind else { throw unexpected(expecting: "a name after `[.`") }
            index += 1
            guard let op = binaryOperator(in: [.equal, .notEqual, .greaterEqual, .lessEqual, .greater, .less, .in]) else {
                throw unexpected(expecting: "a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=` or `in`) in the filter")
            }
            index += 1
            // The grammar takes a primary here: `[.x == a.b]` needs `(a.b)`.
            let operand = try parsePrimary()
            try expect("]")
            return .filter(member: member, op: op, operand: operand)
        }
        let subscriptNode = try parseExpression()
        try expect("]")
        return .index(subscriptNode)
    }

    /// `Comma<T>` then `closing`: elements separated by commas, a trailing comma allowed.
    private mutating func parseList<T>(
        closing: String,
        element: (inout JEXLParser) throws(JEXLError) -> T
    ) throws(JEXLError) -> [T] {
        var elements: [T] = []
        while !take(closing) {
            elements.append(try element(&self))
            if !take(",") {
                try expect(closing)
                break
            }
        }
        return elements
    }

    private mutating func parsePrimary() throws(JEXLError) -> JEXLNode {
        let token = current
        switch token.kind {
        case .number(let value):
            index += 1
            // jexl-eval stores the literal with `json!(f64)`, which makes a number too large for
            // an f64 (400 digits) `null`.
            return .literal(value.isFinite ? .double(value) : .null)
        case .literal(let value):
            index += 1
            return .literal(value)
        case .string(let text):
            index += 1
            return .literal(.string(text))
        case .identifier(let name):
            index += 1
            return .identifier(name)
        case .symbol("("):
            index += 1
            let inner = try parseExpression()
            try expect(")")
            return inner
        case .symbol("["):
            index += 1
            let elements = try parseList(closing: "]") { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseExpression() }
            // A list of literals (`language in ['en', 'de']`) is one value, built once here
            // rather than at every evaluation.
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard case .literal(let value) = element else { return .array(elements) }
                values.append(value)
            }
            return .literal(.array(values))
        case .symbol("{"):
            index += 1
            let entries = try parseList(closing: "}") { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseEntry() }
            // Likewise an object of literals, unless a key repeats: that stays an evaluation error.
            var members: [String: JSONValue] = [:]
            for entry in entries {
                guard case .literal(let value) = entry.value, members[entry.key] == nil else { return .object(entries) }
                members[entry.key] = value
            }
            return .literal(.object(members))
        default:
            throw unexpected(expecting: "a value (a number, string, `true`, `false`, `null`, list, object, name or `(`)")
        }
    }

    /// `key: value`, where the key is a name or a string.
    private mutating func parseEntry() throws(JEXLError) -> JEXLNode.Entry {
        let key: String
        switch current.kind {
        case .identifier(let name): key = name
        case .string(let text): key = text
        default: throw unexpected(expecting: "an object key (a name or a string)")
        }
        index += 1
        try expect(":")
        return JEXLNode.Entry(key: key, value: try parseExpression())
    }
}
