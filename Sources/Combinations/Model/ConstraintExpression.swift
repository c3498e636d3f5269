/// A condition over a row's values, as PICT's constraint language writes it
/// (`[OS] = "Win10" AND NOT [Size] IN {1, 2}`).
///
/// Use it to build constraints in code, or read them from a model with ``ModelParser``.
/// Parameters are indices into the model's parameters. Strings compare as PICT compares them:
/// ignoring case unless the model is case-sensitive, `<` and `>` by code point; numbers compare
/// as `Double`s; `like` matches `*` (any run of characters) and `?` (one character).
///
/// ```swift
/// // IF [OS] = "Win10" THEN [Size] <= 100;
/// let constraint = Constraint(
///     if: .compare(0, .equal, .string("Win10")),
///     then: .compare(1, .lessOrEqual, .number(100)))
/// ```
public indirect enum ConstraintExpression: Sendable, Hashable {
    /// `[P] op value` or `[P] op [Q]`.
    case compare(Int, Comparison, Operand)
    /// `[P] IN {v1, v2, …}`; `NOT IN` is `.not(.isIn(…))`.
    case isIn(Int, [Operand])
    /// PICT's `ISNEGATIVE(P)`: the parameter holds a negative value; with `nil`, any parameter does.
    /// `ISPOSITIVE(P)` is its negation.
    case isNegative(Int?)
    case not(ConstraintExpression)
    case and(ConstraintExpression, ConstraintExpression)
    case or(ConstraintExpression, ConstraintExpression)

    /// The relations of the language. `NOT LIKE` is `.not` of `like`.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case equal = "="
        case notEqual = "<>"
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case like = "LIKE"
    }

    /// What a parameter is compared with.
    public enum Operand: Sendable, Hashable {
        case number(Double)
        case string(String)
        case parameter(Int)
    }

    /// Every parameter the expression reads, in the order they first appear; `isNegative(nil)`
    /// reads every parameter of a model of `parameterCount` parameters.
    public func parameters(parameterCount: Int) -> [Int] {
        var seen: [Int] = []
        func add(_ index: Int) { if !seen.contains(index) { seen.append(index) } }
        func walk(_ expression: ConstraintExpression) {
            switch expression {
            case .compare(let parameter, _, let operand):
                add(parameter)
                if case .parameter(let other) = operand { add(other) }
            case .isIn(let parameter, _): add(parameter)
            case .isNegative(let parameter):
                if let parameter { add(parameter) } else { (0..<parameterCount).forEach(add) }
            case .not(let inner): walk(inner)
            case .and(let left, let right), .or(let left, let right):
                walk(left)
                walk(right)
            }
        }
        walk(self)
        return seen
    }
}
