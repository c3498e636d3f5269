/// One rule every row must keep: `IF condition THEN consequence [ELSE alternative];`, or an
/// unconditional `consequence;`.
///
/// Use it for combinations that cannot or must not be tested ("FAT32 only up to 32 GB", "the
/// paywall variants only when the store is on"). A row that breaks a constraint is never
/// produced, and a tuple that no valid row can hold is not required.
///
/// ```swift
/// // IF [FS] = "FAT" THEN [Size] <= 4096 ELSE [Compression] = "on";
/// Constraint(if: .compare(0, .equal, .string("FAT")),
///            then: .compare(1, .lessOrEqual, .number(4096)),
///            else: .compare(2, .equal, .string("on")))
/// ```
public struct Constraint: Sendable, Hashable {
    /// The `IF` part, or `nil` for an unconditional constraint.
    public var condition: ConstraintExpression?
    /// What must hold when the condition does (or always, without a condition).
    public var consequence: ConstraintExpression
    /// What must hold when the condition does not (`ELSE`).
    public var alternative: ConstraintExpression?
    /// Where the constraint starts in its model file, when it was read from one.
    public var location: ModelLocation?

    public init(if condition: ConstraintExpression? = nil, then consequence: ConstraintExpression,
                else alternative: ConstraintExpression? = nil, location: ModelLocation? = nil) {
        self.condition = condition
        self.consequence = consequence
        self.alternative = alternative
        self.location = location
    }

    /// The constraint as one expression that a valid row makes true.
    public var expression: ConstraintExpression {
        guard let condition else { return consequence }
        let whenTrue = ConstraintExpression.or(.not(condition), consequence)
        guard let alternative else { return whenTrue }
        return .and(whenTrue, .or(condition, alternative))
    }
}
