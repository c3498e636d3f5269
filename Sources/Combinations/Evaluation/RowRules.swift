/// What the generator asks of a model's rules about rows of value indices (`-1` for a free
/// cell): the constraints and "at most one negative value per row".
///
/// ``ConstraintRules`` answers for a model's own parameters; ``MappedRowRules`` for columns that
/// stand for groups of them (the rows of sub-models, or the parameters of one sub-model).
protocol RowRules: AnyObject {
    /// True when every row is valid, so no question needs asking.
    var isUnconstrained: Bool { get }
    /// Whether the free cells of `partial` can be filled so that the row is valid.
    func canComplete(_ partial: [Int32]) -> Bool
    /// Whether a complete row is valid, given that it was valid before `changed` columns changed.
    func isValid(_ row: [Int32], changed: [Int]) -> Bool
    /// Whether the value of `column` is ever restricted (a constraint reads it, or it has a
    /// negative value): cells of other columns can take any value.
    func isRestricted(_ column: Int) -> Bool
    /// A valid row that keeps the cells of `fixed` and differs from `row` in as few other cells as
    /// the search finds, or `nil`; used to place a tuple where it breaks a constraint.
    func repaired(_ row: [Int32], keeping fixed: [Int]) -> [Int32]?
}
