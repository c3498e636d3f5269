/// Rows as PICT prints them: a header line of the parameter names, then one line per row, the
/// values separated by tabs, every line ending in a line feed.
///
/// Use it for `flags combinations`, so a script that reads PICT's output reads this one.
/// A negative value is printed with its prefix (`~-1`). A value with aliases prints its names in
/// turn, row after row (`Server`, `Datacenter`, `Enterprise`, `Server`, …), so every alias is
/// seen in some test, as PICT rotates them.
///
/// The text is the model's, unchanged: a caller printing to a terminal passes it through the
/// package's sanitizer first, as it does with any text read from a file.
///
/// ```swift
/// print(PICTOutput.text(of: array), terminator: "")
/// // OS      Size
/// // Win10   100
/// ```
public enum PICTOutput {
    public static func text(of array: CoveringArray, negativePrefix: Character = "~") -> String {
        lines(of: array, negativePrefix: negativePrefix).map { $0.joined(separator: "\t") + "\n" }.joined()
    }

    /// The same lines as cells: the header of names first, then one line per row. For a caller
    /// that makes each cell safe on its own before joining them with tabs.
    public static func lines(of array: CoveringArray, negativePrefix: Character = "~") -> [[String]] {
        var lines = [array.model.parameters.map(\.name)]
        var turns = array.model.parameters.map { [Int](repeating: 0, count: $0.values.count) }
        for row in array.rows {
            var cells: [String] = []
            for (parameter, value) in row.enumerated() {
                let entry = array.model.parameters[parameter].values[value]
                let name = entry.names[turns[parameter][value] % entry.names.count]
                turns[parameter][value] += 1
                cells.append(entry.isNegative ? String(negativePrefix) + name : name)
            }
            lines.append(cells)
        }
        return lines
    }
}
