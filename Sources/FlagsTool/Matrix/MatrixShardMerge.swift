import Formats

/// The results of the parts of a sharded matrix (`flags matrix --shard K/N --json` on each CI
/// job), checked to cover the combination list exactly once and put back in list order
/// (`flags matrix --merge RESULT...`).
///
/// Every part must come from the same matrix (mode, flags, command, list size, N), each of the
/// N parts exactly once, and each must hold exactly the rows its shard runs; otherwise the error
/// names the file and the part that is missing, doubled, or incomplete.
///
/// ```swift
/// let merged = try MatrixShardMerge.merge([("r1.json", json1), ("r2.json", json2), ("r3.json", json3)])
/// merged.combinations.count   // the whole list, in order
/// ```
public struct MatrixShardMerge: Sendable {
    public var mode: String
    public var flags: [String]
    public var command: [JSONValue]
    public var planned: Int
    /// Every combination's result object (`values`, `result`, `detail`, `seconds`), in list order.
    public var combinations: [JSONValue]
    public var overridesRestored: Bool

    public static func merge(_ parts: [(file: String, json: JSONValue)]) throws(MatrixShardError) -> MatrixShardMerge {
        guard let first = parts.first else { throw MatrixShardError(message: "--merge needs the RESULT files of the parts") }
        func fail(_ message: String) -> MatrixShardError { MatrixShardError(message: message) }
        var byIndex: [Int: String] = [:]
        var rows: [Int: JSONValue] = [:]
        var restored = true
        let reference = first.json
        guard let count = reference["shard"]?["count"]?.intValue else {
            throw fail("\(first.file) is not the result of a sharded matrix (no `shard`); write each part with `flags matrix --shard K/N ...`")
        }
        for (file, json) in parts {
            guard let index = json["shard"]?["index"]?.intValue, let partCount = json["shard"]?["count"]?.intValue,
                  let planned = json["planned"]?.intValue, let list = json["combinations"]?.arrayValue else {
                throw fail("\(file) is not the result of a sharded matrix (it needs `shard`, `planned` and `combinations`); write each part with `flags matrix --shard K/N ...`")
            }
            for key in ["mode", "flags", "command", "planned"] where json[key] != reference[key] {
                throw fail("\(file) is from another matrix than \(first.file): its `\(key)` is \(json[key]?.compactText ?? "missing"), not \(reference[key]?.compactText ?? "missing")")
            }
            guard partCount == count else {
                throw fail("\(file) is part \(index)/\(partCount), but \(first.file) is of a matrix split in \(count); merge the parts of one run")
            }
            guard index >= 1, index <= count else { throw fail("\(file) names part \(index) of \(count), which does not exist") }
            if let other = byIndex[index] { throw fail("part \(index)/\(count) is given twice: \(other) and \(file); give each part once") }
            byIndex[index] = file
            let expected = MatrixShard(index: index, count: count).rows(of: planned)
            var got: [Int] = []
            for combination in list {
                guard let row = combination["row"]?.intValue else { throw fail("\(file): a combination without its `row`") }
                got.append(row)
                var result = combination.objectValue ?? [:]
                result["row"] = nil
                rows[row] = .object(result)
            }
            guard got == expected else {
                let missing = Set(expected).subtracting(got).sorted().map { "\($0 + 1)" }
                let detail = missing.isEmpty ? "rows other than its own" : "no result for combination\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))"
                throw fail("\(file) (part \(index)/\(count)) holds \(detail): was it interrupted? run that part again")
            }
            restored = restored && json["overridesRestored"] != .bool(false)
        }
        let absent = (1...count).filter { byIndex[$0] == nil }
        guard absent.isEmpty else {
            let names = absent.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw fail("part\(absent.count == 1 ? "" : "s") \(names) \(absent.count == 1 ? "is" : "are") missing; give all \(count) RESULT files (got \(parts.map(\.file).joined(separator: ", ")))")
        }
        let planned = reference["planned"]?.intValue ?? 0
        return MatrixShardMerge(mode: reference["mode"]?.stringValue ?? "", flags: reference["flags"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                                command: reference["command"]?.arrayValue ?? [], planned: planned,
                                combinations: (0..<planned).compactMap { rows[$0] }, overridesRestored: restored)
    }
}
