/// A matrix's or a bisection's runs as one self-contained HTML page: a grid of combinations ×
/// dimensions, each row colored by its result (pass, fail, flaky, time-out), the settings of the
/// failing interaction highlighted where they occur, each run's time, and the output of failures
/// in `<details>` (which opens without scripts).
///
/// The page loads nothing (its style is inline, and a Content-Security-Policy forbids every
/// fetch) and runs no script, so it reads the same offline, attached to a CI job or mailed; every
/// value in it is escaped, since flag ids, values and a command's output may hold anything.
///
/// ```swift
/// let page = HTMLReport(title: "flags matrix", command: ["swift", "test"], dimensions: ["tipJar", "reviews"],
///                       rows: rows, highlighted: [("tipJar", "on"), ("reviews", "on")]).html
/// ```
public struct HTMLReport: Sendable {
    public var title: String
    public var command: [String]
    public var dimensions: [String]
    public var rows: [ReportRow]
    /// The settings of the interaction to point at (`FailureInteractions`' first, a bisection's culprit).
    public var highlighted: [(dimension: String, value: String)]
    /// One sentence under the title (a bisection's finding).
    public var summary: String?

    /// Output shown per failure.
    public static let outputLimit = 8 * 1024

    public init(title: String, command: [String], dimensions: [String], rows: [ReportRow],
                highlighted: [(dimension: String, value: String)] = [], summary: String? = nil) {
        self.title = title
        self.command = command
        self.dimensions = dimensions
        self.rows = rows
        self.highlighted = highlighted
        self.summary = summary
    }

    static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1b1b1b; background: #fff; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        code, pre, td.value { font-family: ui-monospace, monospace; }
        p.meta { color: #555; margin: 0 0 12px; }
        table { border-collapse: collapse; margin: 12px 0; }
        th, td { border: 1px solid #c8c8c8; padding: 4px 10px; text-align: left; }
        th { background: #f0f0f0; }
        td.time { text-align: right; }
        tr.pass td.result { background: #c8f0c8; color: #0a4a0a; }
        tr.fail td.result, tr.timeout td.result { background: #f8c4c4; color: #700; font-weight: bold; }
        tr.flaky td.result { background: #fbe3a6; color: #6a4a00; font-weight: bold; }
        tr.interrupted td.result { background: #ddd; color: #333; }
        tr.fail td, tr.timeout td { border-color: #e3a0a0; }
        td.hit { background: #ffe36e; outline: 2px solid #b00; outline-offset: -2px; font-weight: bold; }
        .legend span { display: inline-block; padding: 2px 8px; margin-right: 6px; border: 1px solid #c8c8c8; }
        .interaction { background: #fff5cc; border-left: 4px solid #b00; padding: 6px 10px; margin: 12px 0; }
        details { margin: 6px 0; } pre { background: #f6f6f6; padding: 8px; overflow-x: auto; white-space: pre-wrap; }
        """

    public var html: String {
        let highlight = Dictionary(highlighted.map { ($0.dimension, $0.value) }, uniquingKeysWith: { first, _ in first })
        let failed = rows.filter(\.outcome.isFailure).count
        let flaky = rows.filter { if case .flaky = $0.outcome { true } else { false } }.count
        let passed = rows.filter { $0.outcome == .passed }.count
        var page: [String] = [
            "<!DOCTYPE html>",
            #"<html lang="en"><head><meta charset="utf-8">"#,
            #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">"#,
            #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
            "<title>\(Self.escaped(title))</title>",
            "<style>\n\(Self.style)\n</style></head><body>",
            "<h1>\(Self.escaped(title))</h1>",
            #"<p class="meta">command: <code>\#(Self.escaped(command.joined(separator: " ")))</code> · \#(rows.count) runs: "#
                + "\(passed) passed, \(failed) failed, \(flaky) flaky · \(Self.seconds(rows.map(\.seconds).reduce(0, +))) s in all</p>",
        ]
        if let summary { page.append(#"<p class="interaction">\#(Self.escaped(summary))</p>"#) }
        if !highlighted.isEmpty && summary == nil {
            let text = highlighted.map { "\($0.dimension)=\($0.value)" }.joined(separator: " and ")
            page.append(#"<p class="interaction">Every failing combination, and no passing one, has <strong>\#(Self.escaped(text))</strong> (highlighted).</p>"#)
        }
        page.append(#"<p class="legend"><span style="background:#c8f0c8">pass</span><span style="background:#f8c4c4">fail</span>"#
                    + #"<span style="background:#fbe3a6">flaky</span><span style="background:#ffe36e">the failing interaction</span></p>"#)
        page.append("<table>")
        page.append("<thead><tr><th>#</th>" + dimensions.map { "<th>\(Self.escaped($0))</th>" }.joined() + "<th>result</th><th>time</th></tr></thead>")
        page.append("<tbody>")
        for (index, row) in rows.enumerated() {
            let values = Dictionary(row.settings.map { ($0.dimension, $0.value) }, uniquingKeysWith: { first, _ in first })
            var cells = "<td>\(index + 1)</td>"
            for dimension in dimensions {
                let value = values[dimension] ?? ""
                let hit = row.outcome.isFailure && highlight[dimension] != nil && highlight[dimension] == value
                cells += #"<td class="value\#(hit ? " hit" : "")">\#(Self.escaped(value))</td>"#
            }
            cells += #"<td class="result">\#(Self.escaped(row.outcome.text))</td><td class="time">\#(Self.seconds(row.seconds)) s</td>"#
            page.append(#"<tr class="\#(Self.rowClass(row.outcome))">\#(cells)</tr>"#)
        }
        page.append("</tbody></table>")
        for (index, row) in rows.enumerated() where row.outcome != .passed && !row.output.isEmpty {
            page.append("<details><summary>#\(index + 1) \(Self.escaped(row.name)): \(Self.escaped(row.outcome.text))</summary>"
                        + "<pre>\(Self.escaped(Self.tail(row.output)))</pre></details>")
        }
        page.append("</body></html>")
        return page.joined(separator: "\n") + "\n"
    }

    static func rowClass(_ outcome: RunOutcome) -> String {
        switch outcome {
        case .passed: "pass"
        case .failed: "fail"
        case .timedOut: "timeout"
        case .flaky: "flaky"
        case .interrupted: "interrupted"
        }
    }

    static func tail(_ text: String) -> String {
        guard text.utf8.count > outputLimit else { return text }
        let bytes = Array(text.utf8.suffix(outputLimit))
        let start = bytes.firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
        return "…" + String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Text as HTML shows it literally, in an element or an attribute: markup characters as
    /// entities, and control characters (which HTML forbids, and a terminal's escape codes are)
    /// as visible `\u{…}`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
