/// The syntax tree of a parsed JEXL expression.
///
/// A run of operators of one precedence (`a && b && c …`, `a == b != c`) is one `chain` node
/// holding its operands in a list, not a left-leaning tree one level deeper per operator: a
/// targeting expression of 10,000 `&&` terms is then parsed, evaluated, compared, hashed and
/// freed in loops, where a tree 10,000 levels deep overflowed the stack in every one of them.
/// Nesting that does deepen the tree (parentheses, lists, `!`, `.member`) is limited by the parser.
indirect enum JEXLNode: Sendable, Hashable {
    /// One operator of a chain and the operand to its right.
    struct Link: Sendable, Hashable {
        var op: String
        var operand: JEXLNode
    }

    case literal(JSONValue)
    case identifier(String)
    /// `base.name`
    case member(JEXLNode, String)
    /// `base[index]`
    case index(JEXLNode, JEXLNode)
    case array([JEXLNode])
    /// `!x` or `-x`
    case unary(String, JEXLNode)
    /// `first op₁ operand₁ op₂ operand₂ …`, left-associative, every operator of one precedence
    /// among `== != < <= > >= && || in`; never empty.
    case chain(JEXLNode, [Link])
    /// `subject | name(arguments)`
    case transform(String, JEXLNode, [JEXLNode])

    /// The expression written back as source, to name it in error messages.
    var sourceText: String {
        switch self {
        case .literal(let value): value.stringValue.map { "'\($0)'" } ?? value.compactText
        case .identifier(let name): name
        case .member(let base, let name): "\(base.sourceText).\(name)"
        case .index(let base, let index): "\(base.sourceText)[\(index.sourceText)]"
        case .array(let elements): "[" + elements.map(\.sourceText).joined(separator: ", ") + "]"
        case .unary(let op, let operand): op + operand.sourceText
        case .chain(let first, let links): Self.sourceText(first, links[...])
        case .transform(let name, let subject, let arguments):
            "\(subject.sourceText) | \(name)(" + arguments.map(\.sourceText).joined(separator: ", ") + ")"
        }
    }

    /// The source of a chain's first operand and some of its links.
    static func sourceText(_ first: JEXLNode, _ links: ArraySlice<Link>) -> String {
        links.reduce(into: first.sourceText) { text, link in text += " \(link.op) \(link.operand.sourceText)" }
    }
}
