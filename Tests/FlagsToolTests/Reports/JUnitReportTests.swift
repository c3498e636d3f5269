import FlagsTool
import Foundation
import Testing

@Suite struct JUnitReportTests {
    static let rows = [
        ReportRow(settings: [("tipJar", "on"), ("reviews", "off")], outcome: .passed, seconds: 0.25),
        ReportRow(settings: [("tipJar", "off"), ("reviews", "on")], outcome: .failed("exit 1"), seconds: 1, output: "<boom> & \"quotes\"\u{1B}[31m\n"),
        ReportRow(settings: [("tipJar", "on"), ("reviews", "on")], outcome: .timedOut(seconds: 5), seconds: 5.0004),
        ReportRow(settings: [("tipJar", "off"), ("reviews", "off")], outcome: .flaky("exit 2"), seconds: 0.5, output: "first try failed"),
        ReportRow(settings: [], outcome: .interrupted(2), seconds: 0),
    ]

    @Test func countsCasesAndEveryKindOfEnding() throws {
        let report = JUnitReport(suite: "flags matrix", properties: [("command", "swift test")], rows: Self.rows)
        let xml = report.xml
        #expect(xml.contains(#"<testsuites name="flags matrix" tests="5" failures="2" errors="0" skipped="1" time="6.750">"#), "\(xml)")
        #expect(xml.contains(#"<testcase name="tipJar=off,reviews=on" classname="flags matrix" time="1.000">"#))
        #expect(xml.contains(#"<property name="reviews" value="on"/>"#))
        #expect(xml.contains(#"<failure message="exit 1" type="failure">&lt;boom&gt; &amp; "quotes"\u{1b}[31m"#), "the escape character cannot be in XML")
        #expect(xml.contains(#"<failure message="fail (timed out after 5 s)" type="timeout">"#))
        #expect(xml.contains(#"<flakyFailure message="exit 2" type="failure"><system-out>first try failed</system-out></flakyFailure>"#))
        #expect(xml.contains(#"<property name="flaky" value="true"/>"#))
        #expect(xml.contains(#"<testcase name="(nothing set)""#) && xml.contains(#"<skipped message="interrupted (signal 2)"/>"#))
    }

    @Test func theXMLIsWellFormedWhateverTheOutputHolds() throws {
        let hostile = String(decoding: (0..<256).map(UInt8.init), as: UTF8.self) + "]]></testcase>\u{FFFF}\u{202E}"
        let rows = [ReportRow(name: "a\"<b>&\u{0}", settings: [("x\u{7}", "\"y\"")], outcome: .failed("exit\u{1}1"), seconds: 1, output: hostile)]
        let xml = JUnitReport(suite: "s&<", rows: rows).xml
        // Python's expat, a strict XML 1.0 parser, reads it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func longOutputKeepsItsEnd() {
        let long = String(repeating: "é", count: JUnitReport.outputLimit) + "THE END"
        let xml = JUnitReport(suite: "s", rows: [ReportRow(settings: [], outcome: .failed("exit 1"), seconds: 0, output: long)]).xml
        #expect(xml.contains("THE END") && xml.utf8.count < 3 * JUnitReport.outputLimit)
    }
}
