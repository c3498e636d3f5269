/// A parsed JEXL targeting expression, evaluated against a client's targeting context.
///
/// Use it for the `targeting` field of experiment records. It covers what mobile Nimbus
/// experiments use: number, string, boolean and `null` literals; identifiers with `.member` and
/// `[index]` access; `== != < <= > >=`; `&& ||` and `!`; `in` (element of a list, or substring
/// of a string); list literals; parentheses; and the `versionCompare` transform
/// (`app_version | versionCompare('114.!') >= 0`, Firefox version order). An identifier the
/// context lacks is an error naming it, and so is any JEXL construct left out (arithmetic,
/// `? :`, filters, other transforms), so nothing is silently read as `false`.
///
/// ```swift
/// let expression = try JEXLExpression(parse: "language in ['en', 'de'] && days_since_install < 7")
/// try expression.evaluate(in: ["language": "en", "days_since_install": 3])  // .bool(true)
/// ```
public struct JEXLExpression: Sendable, Hashable {
    /// The expression as written.
    public let source: String
    private let root: JEXLNode

    public init(parse source: String) throws(JEXLError) {
        self.source = source
        self.root = try JEXLParser.parse(source)
    }

    /// The value of the expression with identifiers looked up in `context`.
    public func evaluate(in context: [String: JSONValue], transforms: JEXLTransforms = .stateless) throws(JEXLError) -> JSONValue {
        try Self.evaluate(root, in: context, transforms: transforms)
    }

    /// The value of the expression, which must be a boolean, as the Nimbus SDK requires of
    /// targeting (a string or number result is an error, not a truthy value).
    public func evaluateCondition(in context: [String: JSONValue], transforms: JEXLTransforms = .stateless) throws(JEXLError) -> Bool {
        let value = try evaluate(in: context, transforms: transforms)
        guard case .bool(let result) = value else {
            throw .typeMismatch("targeting must give a boolean, but `\(source)` gave \(value.kindName) \(value.compactText)")
        }
        return result
    }

    /// JavaScript truthiness, which JEXL uses for `!`, `&&` and `||`: `false`, `null`, `0`,
    /// NaN and `""` are false; everything else, including empty lists and objects, is true.
    public static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let bool): bool
        case .int(let int): int != 0
        case .double(let double): double != 0 && !double.isNaN
        case .string(let string): !string.isEmpty
        case .array, .object: true
        }
    }

    // MARK: - Evaluation

    private static func evaluate(_ node: JEXLNode, in context: [String: JSONValue], transforms: JEXLTransforms) throws(JEXLError) -> JSONValue {
        switch node {
        case .literal(let value):
            return value
        case .identifier(let name):
            guard let value = context[name] else { throw .undefinedIdentifier(name) }
            return value
        case .member(let baseNode, let name):
            let base = try evaluate(baseNode, in: context, transforms: transforms)
            guard case .object(let members) = base else {
                throw .typeMismatch("cannot read `\(name)` of \(base.kindName) `\(baseNode.sourceText)`")
            }
            guard let value = members[name] else { throw .undefinedIdentifier(node.sourceText) }
            return value
        case .index(let baseNode, let indexNode):
            let base = try evaluate(baseNode, in: context, transforms: transforms)
            let key = try evaluate(indexNode, in: context, transforms: transforms)
            switch (base, key) {
            case (.array(let elements), .int(let offset)):
                guard elements.indices.contains(offset) else {
                    throw .typeMismatch("index \(offset) is out of range for `\(baseNode.sourceText)` (\(elements.count) elements)")
                }
                return elements[offset]
            case (.object(let members), .string(let name)):
                guard let value = members[name] else { throw .undefinedIdentifier(node.sourceText) }
                return value
            default:
                throw .typeMismatch("cannot index \(base.kindName) `\(baseNode.sourceText)` with \(key.kindName)")
            }
        case .array(let elements):
            var values: [JSONValue] = []
            for element in elements { values.append(try evaluate(element, in: context, transforms: transforms)) }
            return .array(values)
        case .unary(let op, let operandNode):
            let operand = try evaluate(operandNode, in: context, transforms: transforms)
            if op == "!" { return .bool(!isTruthy(operand)) }
            switch operand {
            case .int(let int) where int != Int.min: return .int(-int)
            case .int(let int): return .double(-Double(int))
            case .double(let double): return .double(-double)
            default: throw .unsupported("`-` applied to \(operand.kindName) `\(operandNode.sourceText)`")
            }
        case .chain(let firstNode, let links):
            // A loop over the chain, never recursion along it (see `JEXLNode`).
            var value = try evaluate(firstNode, in: context, transforms: transforms)
            for (offset, link) in links.enumerated() {
                switch link.op {
                // Short-circuits, returning an operand as JavaScript does.
                case "&&": if isTruthy(value) { value = try evaluate(link.operand, in: context, transforms: transforms) }
                case "||": if !isTruthy(value) { value = try evaluate(link.operand, in: context, transforms: transforms) }
                default:
                    let right = try evaluate(link.operand, in: context, transforms: transforms)
                    value = try apply(link.op, value, right, source: JEXLNode.sourceText(firstNode, links[...offset]))
                }
            }
            return value
        case .transform(let name, let subjectNode, let argumentNodes):
            guard let transform = transforms.byName[name] else { throw .unsupported("transform `\(name)`") }
            let subject = try evaluate(subjectNode, in: context, transforms: transforms)
            var arguments: [JSONValue] = []
            for node in argumentNodes { arguments.append(try evaluate(node, in: context, transforms: transforms)) }
            return try transform(subject, arguments)
        }
    }

    /// `left op right`; `source` (the text of the operation, for errors) is only made when one is thrown.
    private static func apply(_ op: String, _ left: JSONValue, _ right: JSONValue,
                              source: @autoclosure () -> String) throws(JEXLError) -> JSONValue {
        switch op {
        case "==": return .bool(areEqual(left, right))
        case "!=": return .bool(!areEqual(left, right))
        case "in":
            switch (left, right) {
            case (_, .array(let elements)):
                return .bool(elements.contains { areEqual(left, $0) })
            case (.string(let needle), .string(let haystack)):
                return .bool(haystack.contains(needle))
            default:
                throw .typeMismatch("`in` needs a list or a string on its right, found \(right.kindName) in `\(source())`")
            }
        default:
            guard let order = compare(left, right) else {
                throw .typeMismatch("cannot compare \(left.kindName) with \(right.kindName) using `\(op)` in `\(source())`")
            }
            return switch op {
            case "<": .bool(order < 0)
            case "<=": .bool(order <= 0)
            case ">": .bool(order > 0)
            default: .bool(order >= 0)
            }
        }
    }

    /// Structural equality where `1 == 1.0`, since JSON does not distinguish them.
    private static func areEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.int(let a), .double(let b)): Double(a) == b
        case (.double(let a), .int(let b)): a == Double(b)
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { areEqual($0, $1) }
        case (.object(let a), .object(let b)):
            a.count == b.count && a.allSatisfy { key, value in b[key].map { areEqual(value, $0) } ?? false }
        default: left == right
        }
    }

    /// -1, 0 or 1 for two numbers or two strings; nil for anything else.
    private static func compare(_ left: JSONValue, _ right: JSONValue) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (left, right) {
        case (.int(let a), .int(let b)): return sign(a, b)
        case (.int(let a), .double(let b)): return b.isNaN ? nil : sign(Double(a), b)
        case (.double(let a), .int(let b)): return a.isNaN ? nil : sign(a, Double(b))
        case (.double(let a), .double(let b)): return a.isNaN || b.isNaN ? nil : sign(a, b)
        case (.string(let a), .string(let b)):
            // Code-point order, independent of locale and of Unicode normalisation.
            if a == b { return 0 }
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        default: return nil
        }
    }
}
