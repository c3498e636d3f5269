@testable import Nimbus
import Testing

/// `JEXLNode.forEachChild`: the one description of where an expression's subexpressions sit,
/// which the diagnostics and the enrollment explainer walk.
@Suite struct JEXLNodeTests {
    /// Each expression's root and the source of its direct children, in the order visited.
    static let children: [(source: String, children: [String])] = [
        ("42", []),
        ("name", []),
        ("[a, b + 1, 'x']", ["a", "b + 1", "'x'"]),
        ("{k: a, j: [b]}", ["a", "[b]"]),
        ("a == b || c", ["a == b", "c"]),
        ("a && b || c", ["a", "b", "c"]),   // one precedence level, as in jexl-rs
        ("a + b - c", ["a", "b", "c"]),
        ("c ? t1 : f1 ? t2 : f2", ["c", "t1", "f1", "t2", "f2"]),
        ("base.member[i][.m == o] | t(x, y) | u", ["base", "i", "o", "x", "y"]),
    ]

    @Test(arguments: children)
    func directChildrenAreVisitedInSourceOrder(source: String, children: [String]) throws {
        let root = try JEXLExpression(parse: source).root
        var visited: [String] = []
        root.forEachChild { visited.append($0.sourceText) }
        #expect(visited == children, "\(source)")
    }

    @Test func aThrowingVisitStopsTheWalk() throws {
        struct Stop: Error {}
        let root = try JEXLExpression(parse: "[a, b, c]").root
        var visited: [String] = []
        #expect(throws: Stop.self) {
            try root.forEachChild { child in
                visited.append(child.sourceText)
                if child.sourceText == "b" { throw Stop() }
            }
        }
        #expect(visited == ["a", "b"])
    }
}
