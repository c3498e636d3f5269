/// Whether one value of a parameter stands in a relation to a constant or to a value of another
/// parameter, with PICT's rules: numbers as `Double`s; strings upper-cased first unless the
/// model is case-sensitive, `<` and `>` by code point, `LIKE` with `*` and `?`.
///
/// The constraint compiler turns each relation into the set of value indices that meet it, so
/// this runs once per value, never per row.
struct ValueRelation {
    let parameters: [Parameter]
    let caseSensitive: Bool

    /// `[P] op constant` for value `value` of parameter `parameter`.
    func holds(_ parameter: Int, _ value: Int, _ comparison: ConstraintExpression.Comparison, _ operand: ConstraintExpression.Operand) -> Bool {
        let name = parameters[parameter].values[value].name
        switch operand {
        case .number(let number):
            guard let mine = PICTNumber.parse(name) else { return false }
            return Self.compare(mine, number, comparison)
        case .string(let text):
            return compare(name, text, comparison)
        case .parameter:
            preconditionFailure("a comparison of two parameters needs a value of each")
        }
    }

    /// `[P] op [Q]` for value `value` of `parameter` and value `otherValue` of `other`.
    func holds(_ parameter: Int, _ value: Int, _ comparison: ConstraintExpression.Comparison, _ other: Int, _ otherValue: Int) -> Bool {
        let mine = parameters[parameter].values[value].name, theirs = parameters[other].values[otherValue].name
        if comparison != .like, let a = PICTNumber.parse(mine), let b = PICTNumber.parse(theirs),
           parameters[parameter].isNumeric, parameters[other].isNumeric {
            return Self.compare(a, b, comparison)
        }
        return compare(mine, theirs, comparison)
    }

    /// Whether value `value` of `parameter` equals a constant of an `IN` set.
    func isMember(_ parameter: Int, _ value: Int, of set: [ConstraintExpression.Operand]) -> Bool {
        set.contains { holds(parameter, value, .equal, $0) }
    }

    private func compare(_ a: String, _ b: String, _ comparison: ConstraintExpression.Comparison) -> Bool {
        let left = caseSensitive ? a : a.uppercased(), right = caseSensitive ? b : b.uppercased()
        if comparison == .like { return WildcardPattern.matches(right, left) }
        let order = Self.codePointOrder(left, right)
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        case .like: return false
        }
    }

    private static func compare(_ a: Double, _ b: Double, _ comparison: ConstraintExpression.Comparison) -> Bool {
        switch comparison {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        case .like: false
        }
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b` by Unicode code point, as PICT's wide
    /// strings compare (Swift's `<` on strings follows canonical equivalence instead).
    static func codePointOrder(_ a: String, _ b: String) -> Int {
        var left = a.unicodeScalars.makeIterator(), right = b.unicodeScalars.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x.value < y.value ? -1 : 1 }
            }
        }
    }
}
