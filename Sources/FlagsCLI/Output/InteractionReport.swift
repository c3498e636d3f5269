#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FlagsTool

/// The lines a matrix with failures ends with: the interactions that explain them
/// (`FailureInteractions`), best first, and the `flags bisect` line that would confirm the first.
///
/// ```swift
/// InteractionReport.lines(dimensions: ["a", "b"], rows: rows, command: ["make", "test"])
/// // ["Every failing combination, and no passing one, has:", "  1. a=on and b=on", …]
/// ```
enum InteractionReport {
    static let shown = 5

    /// `rows`: each combination's values and whether it failed (nil: neither, as a flaky or
    /// interrupted run, which proves nothing either way). `bisectable`: whether `flags bisect`
    /// can set every dimension (it sets flags, preferences and feature variables, not branches).
    static func lines(dimensions: [String], rows: [(values: [String], failed: Bool?)], command: [String], bisectable: Bool = true) -> [String] {
        let decided = rows.compactMap { row in row.failed.map { (values: row.values, failed: $0) } }
        guard decided.contains(where: \.failed) else { return [] }
        let found = FailureInteractions(dimensions: dimensions, rows: decided)
        guard let best = found.ranked.first else {
            return ["No setting, pair or triple is in every failing combination and in no passing one: the failures have more "
                    + "than one cause, or the command is flaky (see --retries)."]
        }
        var lines = ["Every failing combination, and no passing one, has:"]
        for (index, interaction) in found.ranked.prefix(shown).enumerated() {
            let evidence = interaction.evidence == 0 ? ""
                : " (\(interaction.evidence) passing combination\(interaction.evidence == 1 ? " has" : "s have") all of it but one)"
            lines.append("  \(index + 1). \(interaction.text)\(evidence)")
        }
        if found.ranked.count > shown { lines.append("  and \(found.ranked.count - shown) more") }
        if bisectable, let command = found.bisectCommandLine(for: best, command: command) {
            lines.append("To confirm the first: \(command)")
        }
        return lines
    }
}
#endif
