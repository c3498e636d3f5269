/// A matrix's or a bisection's runs as JUnit XML, the report GitHub Actions (through a
/// test-report action), GitLab (`artifacts:reports:junit`) and Jenkins (`junit`) show natively:
/// one `testcase` per combination, its settings as `properties`, its output for a failure.
///
/// A failure (or a time-out, `type="timeout"`) is a `failure`; a run that failed and then passed
/// on retry is a passed test case with a `flakyFailure`, as Maven Surefire writes it, and the
/// property `flaky=true`; an interrupted run is `skipped`.
///
/// ```swift
/// let xml = JUnitReport(suite: "flags matrix", properties: [("command", "swift test")], rows: rows).xml
/// ```
public struct JUnitReport: Sendable {
    public var suite: String
    public var properties: [(name: String, value: String)]
    public var rows: [ReportRow]

    /// Output kept per test case: CI systems show the end of a log, and a report of thousands of
    /// combinations must stay small enough to upload.
    public static let outputLimit = 16 * 1024

    public init(suite: String, properties: [(name: String, value: String)] = [], rows: [ReportRow]) {
        self.suite = suite
        self.properties = properties
        self.rows = rows
    }

    public var failures: Int { rows.filter(\.outcome.isFailure).count }
    public var skipped: Int { rows.filter { if case .interrupted = $0.outcome { true } else { false } }.count }

    public var xml: String {
        let time = Self.seconds(rows.map(\.seconds).reduce(0, +))
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let counts = #"tests="\#(rows.count)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="\#(time)""#
        lines.append(#"<testsuites name="\#(Self.escaped(suite))" \#(counts)>"#)
        lines.append(#"  <testsuite name="\#(Self.escaped(suite))" \#(counts)>"#)
        if !properties.isEmpty {
            lines.append("    <properties>")
            for property in properties { lines.append("      " + Self.property(property.name, property.value)) }
            lines.append("    </properties>")
        }
        for row in rows {
            lines.append(#"    <testcase name="\#(Self.escaped(row.name))" classname="\#(Self.escaped(suite))" time="\#(Self.seconds(row.seconds))">"#)
            var rowProperties = row.settings.map { (name: $0.dimension, value: $0.value) }
            if case .flaky = row.outcome { rowProperties.append(("flaky", "true")) }
            if !rowProperties.isEmpty {
                lines.append("      <properties>")
                for property in rowProperties { lines.append("        " + Self.property(property.name, property.value)) }
                lines.append("      </properties>")
            }
            let output = Self.escaped(Self.tail(row.output), attribute: false)
            switch row.outcome {
            case .passed: break
            case .failed(let why):
                lines.append(#"      <failure message="\#(Self.escaped(why))" type="failure">\#(output)</failure>"#)
            case .timedOut:
                lines.append(#"      <failure message="\#(Self.escaped(row.outcome.text))" type="timeout">\#(output)</failure>"#)
            case .flaky(let why):
                lines.append(#"      <flakyFailure message="\#(Self.escaped(why))" type="failure"><system-out>\#(output)</system-out></flakyFailure>"#)
            case .interrupted:
                lines.append(#"      <skipped message="\#(Self.escaped(row.outcome.text))"/>"#)
            }
            if row.outcome != .passed && !row.output.isEmpty { lines.append("      <system-out>\(output)</system-out>") }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func property(_ name: String, _ value: String) -> String {
        #"<property name="\#(escaped(name))" value="\#(escaped(value))"/>"#
    }

    /// The last `outputLimit` bytes of an output, cut at a character.
    static func tail(_ text: String) -> String {
        guard text.utf8.count > outputLimit else { return text }
        let bytes = Array(text.utf8.suffix(outputLimit))
        // A cut inside a character starts at its next one: skip UTF-8 continuation bytes.
        let start = bytes.firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
        return "…" + String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Text as XML 1.0 takes it: markup characters escaped, and the characters XML cannot hold at
    /// all (control characters other than tab and line breaks, U+FFFE, U+FFFF) made visible as
    /// `\u{…}`, since a command's output may hold anything.
    public static func escaped(_ text: String, attribute: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += attribute ? "&quot;" : "\""
            case "\n": result += attribute ? "&#10;" : "\n"
            case "\r": result += "&#13;"
            case "\t": result += attribute ? "&#9;" : "\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    static func seconds(_ value: Double) -> String {
        let thousandths = Int((max(0, value) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
