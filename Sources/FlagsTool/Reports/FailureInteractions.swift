/// From a matrix's rows, the interactions (one, two or three `dimension=value`s) present in every
/// failing row and in no passing row: the candidates for what makes the command fail, ranked,
/// with the `flags bisect` command line that would confirm one.
///
/// Only minimal ones are kept (a triple is not listed when one of its pairs already explains the
/// failures). The ranking puts smaller ones first, then those with more evidence that each part
/// alone is harmless: passing rows holding all of its values but one.
///
/// ```swift
/// let found = FailureInteractions(dimensions: ["a", "b", "c"],
///                                 rows: [(["on", "on", "off"], true), (["on", "off", "on"], false), (["off", "on", "on"], false)])
/// found.ranked.first?.text   // "a=on and b=on"
/// ```
public struct FailureInteractions: Sendable {
    /// One `dimension=value` of a row.
    public struct Setting: Sendable, Hashable {
        public var dimension: String
        public var value: String
        public var text: String { "\(dimension)=\(value)" }
    }

    /// A candidate: settings that every failing row has together, and no passing row.
    public struct Interaction: Sendable, Hashable {
        public var settings: [Setting]
        /// Passing rows that hold all of its settings but one.
        public var evidence: Int
        public var text: String {
            let parts = settings.map(\.text)
            return parts.count <= 2 ? parts.joined(separator: " and ") : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        }
    }

    public let dimensions: [String]
    public let rows: [(values: [String], failed: Bool)]
    /// The candidates, best first.
    public let ranked: [Interaction]

    /// The largest interaction looked for.
    public static let maximumSize = 3

    public init(dimensions: [String], rows: [(values: [String], failed: Bool)]) {
        self.dimensions = dimensions
        self.rows = rows
        ranked = Self.rank(dimensions: dimensions, rows: rows)
    }

    private static func rank(dimensions: [String], rows: [(values: [String], failed: Bool)]) -> [Interaction] {
        let failing = rows.filter(\.failed).map(\.values)
        let passing = rows.filter { !$0.failed }.map(\.values)
        guard let first = failing.first else { return [] }
        // An interaction in every failing row is made of settings all failing rows share.
        let shared = dimensions.indices.filter { index in failing.allSatisfy { $0[index] == first[index] } }
        func holds(_ row: [String], _ indices: [Int]) -> Bool { indices.allSatisfy { row[$0] == first[$0] } }
        var found: [[Int]] = []
        for size in 1...maximumSize {
            for indices in subsets(of: shared, size: size) {
                if found.contains(where: { Set($0).isSubset(of: indices) }) { continue }
                if passing.contains(where: { holds($0, indices) }) { continue }
                found.append(indices)
            }
        }
        let interactions = found.map { indices in
            Interaction(settings: indices.map { Setting(dimension: dimensions[$0], value: first[$0]) },
                        evidence: indices.count == 1 ? 0 : passing.filter { row in
                            indices.filter { row[$0] == first[$0] }.count == indices.count - 1
                        }.count)
        }
        return interactions.enumerated().sorted { a, b in
            (a.element.settings.count, -a.element.evidence, a.offset) < (b.element.settings.count, -b.element.evidence, b.offset)
        }.map(\.element)
    }

    private static func subsets(of items: [Int], size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard items.count >= size else { return [] }
        var result: [[Int]] = []
        for (position, item) in items.enumerated() {
            for rest in subsets(of: Array(items[(position + 1)...]), size: size - 1) { result.append([item] + rest) }
        }
        return result
    }

    /// The `flags bisect` command line that confirms `interaction`: from a passing row (one
    /// holding as few of its settings as can be found) to that row with the interaction's
    /// settings added, so the bisection either names exactly them or says the command passes.
    public func bisectCommandLine(for interaction: Interaction, command: [String]) -> String? {
        let passing = rows.filter { !$0.failed }.map(\.values)
        let settings = Dictionary(uniqueKeysWithValues: interaction.settings.map { ($0.dimension, $0.value) })
        let indices = dimensions.indices
        guard let good = passing.min(by: { a, b in
            indices.filter { settings[dimensions[$0]] == a[$0] }.count < indices.filter { settings[dimensions[$0]] == b[$0] }.count
        }) else { return nil }
        let bad = indices.map { settings[dimensions[$0]] ?? good[$0] }
        func state(_ values: [String]) -> String { zip(dimensions, values).map { "\($0)=\($1)" }.joined(separator: ",") }
        return (["flags", "bisect", "--good", state(good), "--bad", state(bad), "--"] + command).map(Self.shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back unchanged.
    public static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_./=,:@%+".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }
}
