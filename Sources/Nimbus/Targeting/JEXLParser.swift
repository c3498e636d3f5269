/// Recursive-descent parser from JEXL tokens to a `JEXLNode`, with JEXL's precedence:
/// `||` < `&&` < `== !=` < `< <= > >= in` < unary `! -` < member, index and `|` transforms.
///
/// Operators of one precedence are read in a loop into one chain node, so a long flat
/// expression costs no stack. Everything that nests (parentheses, lists, subscripts and
/// transform arguments, `!` and `-`, `.member` and `[index]` steps) counts towards
/// `maximumDepth`, which bounds the recursion of the parser and of every walk of the tree.
struct JEXLParser {
    /// Nesting deeper than this is an error. Real targeting nests a few levels; each level
    /// costs the parser about ten stack frames, so 100 stays far below a thread's stack.
    static let maximumDepth = 100

    private let tokens: [JEXLToken]
    private var index = 0
    private var depth = 0

    static func parse(_ source: String) throws(JEXLError) -> JEXLNode {
        var parser = JEXLParser(tokens: try JEXLTokenizer.tokenize(source))
        guard parser.current.kind != .end else { throw .syntax(message: "empty expression", position: 1) }
        let node = try parser.parseOr()
        guard parser.current.kind == .end else { throw parser.unexpected() }
        return node
    }

    private init(tokens: [JEXLToken]) {
        self.tokens = tokens
    }

    private var current: JEXLToken { tokens[index] }

    private mutating func take(_ symbol: String) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws(JEXLError) {
        guard take(symbol) else {
            throw .syntax(message: "expected `\(symbol)`, found \(current.display)", position: current.position)
        }
    }

    /// An error for the current token, naming JEXL features this evaluator leaves out.
    private func unexpected() -> JEXLError {
        if case .symbol(let symbol) = current.kind {
            switch symbol {
            case "+", "-", "*", "/", "//", "%", "^": return .unsupported("arithmetic operator `\(symbol)`")
            case "?", ":": return .unsupported("conditional expression (`? :`)")
            case "{": return .unsupported("object literal")
            case "=": return .syntax(message: "unexpected `=` (comparison is `==`)", position: current.position)
            default: break
            }
        }
        return .syntax(message: "unexpected \(current.display)", position: current.position)
    }

    private mutating func parseBinary(
        _ operators: [String],
        next: (inout JEXLParser) throws(JEXLError) -> JEXLNode
    ) throws(JEXLError) -> JEXLNode {
        let first = try next(&self)
        var links: [JEXLNode.Link] = []
        while case .symbol(let symbol) = current.kind, operators.contains(symbol) {
            index += 1
            links.append(JEXLNode.Link(op: symbol, operand: try next(&self)))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    /// One level deeper at the current token; `leave(_:)` gives the levels back.
    private mutating func enter() throws(JEXLError) {
        depth += 1
        if depth > Self.maximumDepth { throw .tooDeep(limit: Self.maximumDepth, position: current.position) }
    }

    private mutating func leave(_ levels: Int = 1) {
        depth -= levels
    }

    /// A whole (sub)expression: the top level, or inside parentheses, a list, a subscript or
    /// transform arguments, each one level deeper.
    private mutating func parseOr() throws(JEXLError) -> JEXLNode {
        try enter()
        defer { leave() }
        return try parseBinary(["||"]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseAnd() }
    }

    private mutating func parseAnd() throws(JEXLError) -> JEXLNode {
        try parseBinary(["&&"]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseEquality() }
    }

    private mutating func parseEquality() throws(JEXLError) -> JEXLNode {
        try parseBinary(["==", "!="]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseRelational() }
    }

    private mutating func parseRelational() throws(JEXLError) -> JEXLNode {
        try parseBinary(["<", "<=", ">", ">=", "in"]) { (parser: inout JEXLParser) throws(JEXLError) in try parser.parseUnary() }
    }

    private mutating func parseUnary() throws(JEXLError) -> JEXLNode {
        for op in ["!", "-"] where current.kind == .symbol(op) {
            try enter()
            defer { leave() }
            index += 1
            return .unary(op, try parseUnary())
        }
        return try parsePostfix()
    }

    private mutating func parsePostfix() throws(JEXLError) -> JEXLNode {
        var node = try parsePrimary()
        // Each step wraps the node once more: `a.b.c…` is as deep as it is long.
        var steps = 0
        defer { leave(steps) }
        while true {
            if case .symbol(let symbol) = current.kind, [".", "[", "|"].contains(symbol) {
                try enter()
                steps += 1
            }
            if take(".") {
                guard case .identifier(let name) = current.kind else {
                    throw .syntax(message: "expected a name after `.`, found \(current.display)", position: current.position)
                }
                index += 1
                node = .member(node, name)
            } else if current.kind == .symbol("[") {
                index += 1
                // `list[.field == 1]` is a JEXL filter; only plain indexes are supported.
                if current.kind == .symbol(".") { throw .unsupported("filter expression `[.…]`") }
                let subscriptNode = try parseOr()
                try expect("]")
                node = .index(node, subscriptNode)
            } else if take("|") {
                guard case .identifier(let name) = current.kind else {
                    throw .syntax(message: "expected a transform name after `|`, found \(current.display)", position: current.position)
                }
                index += 1
                var arguments: [JEXLNode] = []
                if take("(") {
                    if !take(")") {
                        repeat { arguments.append(try parseOr()) } while take(",")
                        try expect(")")
                    }
                }
                node = .transform(name, node, arguments)
            } else {
                return node
            }
        }
    }

    private mutating func parsePrimary() throws(JEXLError) -> JEXLNode {
        let token = current
        switch token.kind {
        case .number(let value), .literal(let value):
            index += 1
            return .literal(value)
        case .string(let text):
            index += 1
            return .literal(.string(text))
        case .identifier(let name):
            index += 1
            // `name(...)` is a JEXL function call; none are provided to Nimbus mobile targeting.
            if current.kind == .symbol("(") { throw .unsupported("function call `\(name)(…)`") }
            return .identifier(name)
        case .symbol("("):
            index += 1
            let inner = try parseOr()
            try expect(")")
            return inner
        case .symbol("["):
            index += 1
            var elements: [JEXLNode] = []
            if !take("]") {
                repeat { elements.append(try parseOr()) } while take(",")
                try expect("]")
            }
            return .array(elements)
        default:
            throw unexpected()
        }
    }
}
