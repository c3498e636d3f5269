import Formats
/// The syntax tree of a parsed JEXL expression, shaped by jexl-rs's grammar
/// (`jexl-parser/src/parser.lalrpop`).
///
/// Every left-recursive rule of that grammar is one node holding a list, not a tree one level
/// deeper per operator: a run of binary operators of one precedence (`a && b || c`, `a + b - c`)
/// is a `chain`, `a ? b : c ? d : e` is one `conditional`, and `x.a[0]|t|u` is one `postfix`.
/// A targeting expression of 10,000 terms is then parsed, evaluated, compared, hashed and freed
/// in loops. Nesting that does deepen the tree (parentheses, lists, objects, subscripts and
/// transform arguments) is limited by the parser.
indirect enum JEXLNode: Sendable, Hashable {
    /// The binary operators, by the grammar's precedence levels (`Op10` … `Op50`).
    enum Operator: String, Sendable, Hashable {
        case and = "&&", or = "||"
        case equal = "==", notEqual = "!=", greaterEqual = ">=", lessEqual = "<=", greater = ">", less = "<", `in`
        case add = "+", subtract = "-"
        case multiply = "*", floorDivide = "//", divide = "/"
        case modulus = "%", exponent = "^"
    }

    /// One operator of a chain and the operand to its right.
    struct Link: Sendable, Hashable {
        var op: Operator
        var operand: JEXLNode
    }

    /// `? truthy : falsy`
    struct Branches: Sendable, Hashable {
        var truthy: JEXLNode
        var falsy: JEXLNode
    }

    /// `key: value` of an object literal, in source order (a repeated key is an evaluation error).
    struct Entry: Sendable, Hashable {
        var key: String
        var value: JEXLNode
    }

    /// One step after a primary expression.
    enum Step: Sendable, Hashable {
        /// `.name`
        case member(String)
        /// `[expression]`
        case index(JEXLNode)
        /// `[.name op operand]`: the elements of a list whose `name` satisfies the comparison.
        case filter(member: String, op: Operator, operand: JEXLNode)
        /// `| name` or `| name(arguments)`
        case transform(name: String, arguments: [JEXLNode])
    }

    /// A literal, or a list or object made only of literals (folded by the parser).
    case literal(JSONValue)
    case identifier(String)
    case array([JEXLNode])
    case object([Entry])
    /// `first op₁ operand₁ op₂ operand₂ …`, left-associative, every operator of one precedence level.
    case chain(JEXLNode, [Link])
    /// `condition ? t₁ : f₁ ? t₂ : f₂ …`, read left to right: `((condition ? t₁ : f₁) ? t₂ : f₂)`.
    case conditional(JEXLNode, [Branches])
    case postfix(JEXLNode, [Step])

    /// Calls `body` with each direct subexpression in source order: elements, entry values, a
    /// chain's operands, a conditional's condition then each branch's truthy and falsy side, a
    /// postfix base then its steps' index, filter operand and transform arguments.
    ///
    /// The one place that knows where children sit, for the walks that report on an expression
    /// (diagnostics, the identifiers a reason names); the evaluator recurses on its own, as it is
    /// the hot path and needs each child's role.
    func forEachChild(_ body: (JEXLNode) throws -> Void) rethrows {
        switch self {
        case .literal, .identifier:
            return
        case .array(let elements):
            for element in elements { try body(element) }
        case .object(let entries):
            for entry in entries { try body(entry.value) }
        case .chain(let first, let links):
            try body(first)
            for link in links { try body(link.operand) }
        case .conditional(let condition, let branches):
            try body(condition)
            for branch in branches {
                try body(branch.truthy)
                try body(branch.falsy)
            }
        case .postfix(let base, let steps):
            try body(base)
            for step in steps {
                switch step {
                case .member: break
                case .index(let index): try body(index)
                case .filter(_, _, let operand): try body(operand)
                case .transform(_, let arguments): for argument in arguments { try body(argument) }
                }
            }
        }
    }

    /// The expression written back as source, to name it in error messages.
    var sourceText: String {
        switch self {
        case .literal(let value): Self.literalText(value)
        case .identifier(let name): name
        case .array(let elements): "[" + elements.map(\.sourceText).joined(separator: ", ") + "]"
        case .object(let entries): "{" + entries.map { "\($0.key): \($0.value.sourceText)" }.joined(separator: ", ") + "}"
        case .chain(let first, let links): Self.sourceText(first, links[...])
        case .conditional(let condition, let branches):
            branches.reduce(into: condition.sourceText) { $0 += " ? \($1.truthy.sourceText) : \($1.falsy.sourceText)" }
        case .postfix(let base, let steps): Self.sourceText(base, steps[...])
        }
    }

    /// A literal value as JEXL source: strings quoted, whole floats without `.0`.
    static func literalText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "'\(text)'"
        case .double(let number): numberText(number)
        case .array(let elements): "[" + elements.map(literalText).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "\($0): \(literalText(members[$0]!))" }.joined(separator: ", ") + "}"
        default: value.compactText
        }
    }

    /// A number literal as written: whole numbers without the `.0` that serde_json prints.
    static func numberText(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }

    /// The source of a chain's first operand and some of its links.
    static func sourceText(_ first: JEXLNode, _ links: ArraySlice<Link>) -> String {
        links.reduce(into: first.sourceText) { text, link in text += " \(link.op.rawValue) \(link.operand.sourceText)" }
    }

    /// The source of a primary expression and some of its steps.
    static func sourceText(_ base: JEXLNode, _ steps: ArraySlice<Step>) -> String {
        steps.reduce(into: base.sourceText) { text, step in
            switch step {
            case .member(let name): text += ".\(name)"
            case .index(let index): text += "[\(index.sourceText)]"
            case .filter(let member, let op, let operand): text += "[.\(member) \(op.rawValue) \(operand.sourceText)]"
            case .transform(let name, let arguments):
                text += arguments.isEmpty ? " | \(name)" : " | \(name)(" + arguments.map(\.sourceText).joined(separator: ", ") + ")"
            }
        }
    }
}
