/// What one run of the solver covers: columns with their numbers of values, the strength, the
/// rules a row must keep, the weights of the values, and seed rows (`-1` for a free cell).
///
/// A model without sub-models is one problem over its parameters; with sub-models, each
/// sub-model is one over its own parameters, and the root is one over a column per sub-model
/// (whose values are the sub-model's rows) and per parameter outside them.
struct CoverageProblem {
    var levels: [Int]
    var strength: Int
    var rules: RowRules
    /// `weights[column][value]`, at least 1.
    var weights: [[Int]]
    var seeds: [[Int32]] = []
    /// Whether `weights` prefer some values over others anywhere.
    var hasWeights: Bool { weights.contains { column in column.contains { $0 != column[0] } } }
}
