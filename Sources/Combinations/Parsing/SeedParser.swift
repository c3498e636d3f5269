import Platform

/// Reads a PICT seeding file (`/e:file`) for a model: the rows that must appear in the output.
///
/// Use it with `--seed FILE`. The format is PICT's own output: a first line of parameter names
/// separated by tabs, then one tab-separated row per line, up to the first blank line. An empty
/// cell leaves that parameter free; a value may be written by any of its names, with or without
/// the negative prefix. Unlike PICT, which skips an unknown column or value with a warning (and so
/// silently seeds something else), an unknown name is an error with its place and the closest name.
///
/// ```swift
/// var seeds = SeedParser()
/// model.seeds = try seeds.parse("OS\tSize\nWin10\t100\nWin11\t\n", file: "seeds.tsv", for: model)
/// ```
public struct SeedParser: Sendable {
    public var options: ModelParser.Options
    /// What the last `parse` accepted but is worth hearing about.
    public private(set) var warnings: [ModelDiagnostic] = []

    public init(options: ModelParser.Options = ModelParser.Options()) {
        self.options = options
    }

    public mutating func parse(_ text: String, file: String = "<seeds>", for model: CombinationModel) throws(ModelDiagnostic) -> [SeedRow] {
        warnings = []
        let lines = ModelParser.lines(of: text).map { String(String.UnicodeScalarView($0)) }
        guard let header = lines.first, !header.trimmingWhitespace().isEmpty else { return [] }
        func cells(_ line: String) -> [(text: String, column: Int)] {
            var column = 1
            return line.split(separator: "\t", omittingEmptySubsequences: false).map { cell in
                defer { column += cell.count + 1 }
                return (cell.trimmingWhitespace(), column)
            }
        }
        var columns: [Int] = []
        for (name, column) in cells(header) {
            let at = ModelLocation(file: file, line: 1, column: column)
            guard let index = model.parameterIndex(named: name) else {
                throw ModelDiagnostic("unknown parameter '\(name)' in the seed file's header", at: at,
                                      suggestion: NearestName.find(name.trimmingWhitespace(), among: model.parameters.map(\.name)))
            }
            guard !columns.contains(index) else { throw ModelDiagnostic("parameter '\(name)' has two columns", at: at) }
            columns.append(index)
        }
        var rows: [SeedRow] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            if line.trimmingWhitespace().isEmpty { break }
            var row = SeedRow(values: Array(repeating: nil, count: model.parameters.count))
            let found = cells(line)
            guard found.count <= columns.count else {
                throw ModelDiagnostic("this row has \(found.count) cells and the header names \(columns.count) parameters",
                                      at: ModelLocation(file: file, line: offset + 1, column: 1))
            }
            for ((text, column), parameter) in zip(found, columns) where !text.isEmpty {
                let values = model.parameters[parameter].values
                var name = text
                if name.first == options.negativePrefix { name = name.dropFirst().trimmingWhitespace() }
                guard let value = values.firstIndex(where: { $0.names.contains { model.sameName($0, name) } }) else {
                    throw ModelDiagnostic("parameter '\(model.parameters[parameter].name)' has no value '\(text)'",
                                          at: ModelLocation(file: file, line: offset + 1, column: column),
                                          suggestion: NearestName.find(name.trimmingWhitespace(), among: values.flatMap(\.names)))
                }
                row.values[parameter] = value
            }
            rows.append(row)
        }
        return rows
    }
}
