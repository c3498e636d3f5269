#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation
import Formats

/// The benchmark's output: the figures table, and how the menu's costs grow with its size.
struct BenchmarkReport {
    /// One size of the menu and what it cost.
    struct Growth {
        var flags: Int
        var startupMilliseconds: Double
        var moveMilliseconds: Double
        var toggleMilliseconds: Double
        var filterMilliseconds: Double
        var peakMemoryMiB: Double
    }

    var figures: [BenchmarkFigure]
    var growth: [Growth]
    /// How the figures were measured, printed under the tables.
    var notes: [String] = []

    var table: String {
        var rows = [["figure", "ours", "baseline", "ratio", "target", "result"]]
        for figure in figures {
            rows.append([figure.name, Format.withUnit(figure.ours, figure.unit),
                         "\(figure.baselineName): \(Format.withUnit(figure.baseline, figure.unit))",
                         figure.ratioText, figure.target.text, figure.passes ? "pass" : "FAIL"])
        }
        var text = Self.render(rows)
        if !growth.isEmpty {
            text += "\n\nHow the menu's costs grow:\n"
            text += Self.render([["flags", "start to first frame", "key: move", "key: toggle", "key: filter typing", "peak memory"]]
                + growth.map {
                    ["\($0.flags)", Format.withUnit($0.startupMilliseconds, "ms"), Format.withUnit($0.moveMilliseconds, "ms"),
                     Format.withUnit($0.toggleMilliseconds, "ms"), Format.withUnit($0.filterMilliseconds, "ms"),
                     Format.withUnit($0.peakMemoryMiB, "MiB")]
                })
        }
        if !notes.isEmpty {
            text += "\n\n" + notes.joined(separator: "\n")
        }
        let failed = figures.filter { !$0.passes }.count
        text += "\n\n" + (failed == 0 ? "All \(figures.count) targets met." : "\(failed) of \(figures.count) targets missed.")
        return text
    }

    var json: JSONValue {
        .object([
            "figures": .array(figures.map { figure in
                .object(["name": .string(figure.name), "unit": .string(figure.unit), "ours": .double(figure.ours),
                         "baselineName": .string(figure.baselineName), "baseline": .double(figure.baseline),
                         "ratio": .double(figure.ratio), "target": .string(figure.target.text), "pass": .bool(figure.passes)])
            }),
            "growth": .array(growth.map { .object(["flags": .int($0.flags), "startupMs": .double($0.startupMilliseconds),
                                                   "moveMs": .double($0.moveMilliseconds), "toggleMs": .double($0.toggleMilliseconds),
                                                   "filterMs": .double($0.filterMilliseconds), "peakMemoryMiB": .double($0.peakMemoryMiB)]) }),
            "notes": .array(notes.map { .string($0) }),
            "allPassed": .bool(figures.allSatisfy(\.passes)),
        ])
    }

    static func render(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
#endif
