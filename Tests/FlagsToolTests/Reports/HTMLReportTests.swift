import FlagsTool
import Testing

@Suite struct HTMLReportTests {
    static let rows = [
        ReportRow(settings: [("tipJar", "on"), ("reviews", "off")], outcome: .passed, seconds: 0.25),
        ReportRow(settings: [("tipJar", "on"), ("reviews", "on")], outcome: .failed("exit 1"), seconds: 1.5, output: "boom <script>alert(1)</script>"),
        ReportRow(settings: [("tipJar", "off"), ("reviews", "on")], outcome: .flaky("exit 2"), seconds: 0.5),
        ReportRow(settings: [("tipJar", "off"), ("reviews", "off")], outcome: .timedOut(seconds: 5), seconds: 5),
    ]

    @Test func theGridColorsRowsHighlightsTheInteractionAndShowsTimes() {
        let html = HTMLReport(title: "flags matrix", command: ["swift", "test"], dimensions: ["tipJar", "reviews"], rows: Self.rows,
                              highlighted: [("tipJar", "on"), ("reviews", "on")]).html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<th>tipJar</th><th>reviews</th><th>result</th><th>time</th>"))
        #expect(html.contains(#"<tr class="fail"><td>2</td><td class="value hit">on</td><td class="value hit">on</td><td class="result">fail (exit 1)</td><td class="time">1.50 s</td></tr>"#))
        #expect(html.contains(#"<tr class="pass"><td>1</td><td class="value">on</td><td class="value">off</td>"#), "a passing row is not highlighted")
        #expect(html.contains(#"<tr class="flaky">"#) && html.contains(#"<tr class="timeout">"#))
        #expect(html.contains("tipJar=on and reviews=on"))
        #expect(html.contains("4 runs: 1 passed, 2 failed, 1 flaky"))
    }

    @Test func everyValueIsEscapedAndNothingIsLoadedOrRun() {
        let rows = [ReportRow(name: "<b>", settings: [("<img src=x onerror=alert(1)>", "\"'&")], outcome: .failed("exit 1"), seconds: 0,
                              output: "<script>fetch('https://example.com')</script>\u{1B}[31m")]
        let html = HTMLReport(title: "</title><script>", command: ["sh", "-c", "<x>"], dimensions: ["<img src=x onerror=alert(1)>"], rows: rows).html
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("\u{1B}"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;") && html.contains("&quot;&#39;&amp;"))
        #expect(html.contains(#"content="default-src 'none'; style-src 'unsafe-inline'""#))
        #expect(!html.contains("src=\"") && !html.contains("href="), "nothing to fetch")
    }
}
