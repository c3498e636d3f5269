/// The rows ``CombinationGenerator`` made for a model, with what it noticed on the way.
///
/// Use `rows` to run each combination (`rows[r][p]` is the index of parameter `p`'s value in row
/// `r`), ``values(ofRow:)`` for its values, and `pictText` to print the rows as PICT does.
///
/// ```swift
/// let array = try CombinationGenerator().generate(model)
/// for row in array.rows.indices { print(array.values(ofRow: row).map(\.name)) }
/// ```
public struct CoveringArray: Sendable, Hashable {
    public let model: CombinationModel
    /// One entry per row, one value index per parameter.
    public let rows: [[Int]]
    /// What the model allows but probably did not mean (values no row can hold, dropped seeds).
    public let warnings: [ModelDiagnostic]
    /// Which methods produced the rows ("orthogonal array + shrink"), for reports and benchmarks.
    public let method: String

    public init(model: CombinationModel, rows: [[Int]], warnings: [ModelDiagnostic] = [], method: String = "") {
        self.model = model
        self.rows = rows
        self.warnings = warnings
        self.method = method
    }

    /// The values of one row, parameter by parameter.
    public func values(ofRow row: Int) -> [ParameterValue] {
        rows[row].enumerated().map { model.parameters[$0].values[$1] }
    }

    /// The rows as PICT prints them (see ``PICTOutput``).
    public var pictText: String { PICTOutput.text(of: self) }
}
