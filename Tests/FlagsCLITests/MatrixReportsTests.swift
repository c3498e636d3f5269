import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestServers
import TestTraits

/// What a matrix with failures reports beyond its table: the interactions that explain the
/// failures and the `flags bisect` line that confirms one.
@Suite(.blocking) struct MatrixReportsTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

    private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    static let failsWithReviewsAndTipJar = ["sh", "-c", "case \"$FLAGS_COMBINATION\" in *reviews=on*tipJar=on*) exit 1;; esac"]

    @Test func theInteractionIsNamedAndItsBisectLineConfirmsIt() throws {
        let result = try flags(["matrix", "--exhaustive", "delivery", "promoBanner", "reviews", "tipJar", "--"] + Self.failsWithReviewsAndTipJar)
        #expect(result.status == 1)
        #expect(result.output.contains("Every failing combination, and no passing one, has:\n  1. reviews=on and tipJar=on"), "\(result.output)")
        let line = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("To confirm the first: flags bisect ") })
        #expect(line.contains("--good delivery=off,promoBanner=off,reviews=off,tipJar=off --bad delivery=off,promoBanner=off,reviews=on,tipJar=on"), "\(line)")
        // The line as printed, run through a shell, confirms it; the bisection sees FLAGS_BISECT_STATE, not
        // FLAGS_COMBINATION, so it is given a command that reads the store.
        let confirm = String(line.dropFirst("To confirm the first: flags ".count)).components(separatedBy: " -- ")[0]
        let reads = "\(BuiltProgram.flags) get reviews | grep -q \"^reviews: on\" && \(BuiltProgram.flags) get tipJar | grep -q \"^tipJar: on\" && exit 1; exit 0"
        let bisect = try BuiltProgram.run("/bin/sh", ["-c", "\"\(BuiltProgram.flags)\" \(confirm) -- sh -c '\(reads)'"], environment: environment, in: folder.path)
        #expect(bisect.status == 0, "\(bisect.errors)")
        #expect(bisect.output.contains("fails when reviews=on and tipJar=on together; each alone passes"), "\(bisect.output)")
    }

    @Test func failuresWithTwoCausesAreSaidToHaveNoCommonInteraction() throws {
        let result = try flags(["matrix", "--exhaustive", "reviews", "tipJar", "--", "sh", "-c",
                                "case \"$FLAGS_COMBINATION\" in *reviews=on,tipJar=off*|*reviews=off,tipJar=on*) exit 1;; esac"])
        #expect(result.status == 1)
        #expect(result.output.contains("No setting, pair or triple is in every failing combination"), "\(result.output)")
    }
}

/// The JUnit report of a matrix, read by a real JUnit XML parser (Python's junitparser, from the
/// package's virtual environment, which `.ci/run` makes).
@Suite(.blocking) struct MatrixJUnitTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

    private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    static let hasJUnitParser: Bool = {
        (try? BuiltProgram.run("/usr/bin/env", [PythonTools.python, "-c", "import junitparser"]))?.status == 0
    }()

    /// The report as junitparser reads it: totals, then each case's result kinds and properties.
    private func parsed(_ path: String) throws -> JSONValue {
        let script = folder.write("""
            import json, sys
            from junitparser import JUnitXml
            xml = JUnitXml.fromfile(sys.argv[1])
            suite = next(iter(xml))
            cases = []
            for case in suite:
                properties = {p.get("name"): p.get("value") for p in case._elem.iter("property")}
                cases.append({"name": case.name, "results": [type(r).__name__ for r in case.result],
                              "passed": case.is_passed, "properties": properties,
                              "flaky": case._elem.find("flakyFailure") is not None})
            print(json.dumps({"tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
                              "skipped": suite.skipped, "cases": cases}))
            """, to: "read-junit.py")
        let result = try BuiltProgram.run("/usr/bin/env", [PythonTools.python, script, path])
        #expect(result.status == 0, "\(result.errors)")
        return try JSONParser.parse(result.output)
    }

    @Test(.enabled(if: Self.hasJUnitParser, "junitparser is not installed in .venv: run .ci/run"))
    func aMatrixWithAFailureATimeOutAndAFlakyRunReadsWithTheRightCounts() throws {
        let counter = folder.file("count")
        // reviews=on,tipJar=on fails; reviews=off,tipJar=on hangs; reviews=on,tipJar=off fails once, then passes.
        let script = """
            case "$FLAGS_COMBINATION" in
              reviews=on,tipJar=on) echo "it broke <here>"; exit 1;;
              reviews=off,tipJar=on) sleep 30;;
              reviews=on,tipJar=off) test -e \(counter) && exit 0; touch \(counter); exit 4;;
            esac
            """
        let junit = folder.file("matrix.xml")
        let result = try flags(["matrix", "--exhaustive", "--timeout", "1s", "--retries", "1", "--junit", junit, "reviews", "tipJar", "--", "sh", "-c", script])
        #expect(result.status == 1)
        #expect(result.output.contains("flaky (fail (exit 4), then pass)") && result.output.contains("fail (timed out after 1 s)"), "\(result.output)")
        let report = try parsed(junit)
        #expect(report["tests"] == .int(4) && report["failures"] == .int(2) && report["errors"] == .int(0) && report["skipped"] == .int(0), "\(report)")
        let cases = report["cases"]?.arrayValue ?? []
        #expect(cases.map { $0["name"]?.stringValue ?? "" } == ["reviews=off,tipJar=off", "reviews=off,tipJar=on", "reviews=on,tipJar=off", "reviews=on,tipJar=on"])
        #expect(cases[0]["passed"] == .bool(true) && cases[0]["properties"] == .object(["reviews": .string("off"), "tipJar": .string("off")]))
        #expect(cases[1]["results"] == .array([.string("Failure")]))
        #expect(cases[2]["passed"] == .bool(true) && cases[2]["flaky"] == .bool(true) && cases[2]["properties"]?["flaky"] == .string("true"))
        #expect(cases[3]["results"] == .array([.string("Failure")]))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"type="timeout""#) && xml.contains("it broke &lt;here&gt;"))
    }

    @Test(.enabled(if: Self.hasJUnitParser, "junitparser is not installed in .venv: run .ci/run"))
    func theMergedReportOfTheShardsIsTheWholeMatrix() throws {
        let command = ["sh", "-c", "case \"$FLAGS_COMBINATION\" in *delivery=on*reviews=on*) exit 1;; esac"]
        var parts: [String] = []
        for shard in 1...2 {
            let result = try flags(["matrix", "--shard", "\(shard)/2", "delivery", "reviews", "tipJar", "--"] + command)
            parts.append(folder.write(result.output, to: "part\(shard).json"))
        }
        let junit = folder.file("merged.xml")
        let merged = try flags(["matrix", "--merge", "--junit", junit] + parts)
        #expect(merged.status == 1)
        let report = try parsed(junit)
        let failing = (report["cases"]?.arrayValue ?? []).filter { $0["passed"] == .bool(false) }.count
        #expect(report["tests"] == .int(4) && report["failures"] == .int(failing) && failing >= 1, "\(report)")
    }

    @Test(.enabled(if: Self.hasJUnitParser, "junitparser is not installed in .venv: run .ci/run"))
    func aBisectionWritesOneCasePerStateTried() throws {
        let junit = folder.file("bisect.xml")
        let result = try flags(["bisect", "--good", "defaults", "--bad", "reviews=on,tipJar=off,delivery=on", "--junit", junit, "--",
                                "sh", "-c", "\(BuiltProgram.flags) get tipJar | grep -q '^tipJar: off' && exit 1; exit 0"])
        #expect(result.status == 0 && result.output.contains("fails when tipJar=off, on its own"), "\(result.output)\(result.errors)")
        let report = try parsed(junit)
        let line = try #require(result.output.split(separator: "\n").first { $0.contains(" runs (at most ") })
        let runs = try #require(Int(line.prefix { $0 != " " }))
        #expect(report["tests"] == .int(runs))
        #expect(report["cases"]?.arrayValue?.first?["name"] == .string("good"))
    }
}

/// The HTML page of a matrix, opened in a real headless browser (Debian's chromium or
/// firefox-esr). With `FLAGS_UPDATE_SCREENSHOTS=1` its screenshot replaces the one in
/// screenshots/ that the docs show; otherwise a test run leaves the checkout as it was.
@Suite(.blocking) struct MatrixHTMLTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

    static let browser: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/firefox-esr"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let screenshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("screenshots/matrix-report.png").path

    private func browse(_ arguments: [String]) throws -> BuiltProgram.Result {
        let browser = try #require(Self.browser)
        let sandbox = browser.contains("chromium") ? ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] : ["--headless"]
        return try BuiltProgram.run("/usr/bin/timeout", ["120", browser] + sandbox + arguments, environment: ["HOME": folder.path], in: folder.path)
    }

    @Test(.enabled(if: Self.browser != nil, "no chromium or firefox-esr installed (apt-get install chromium)"))
    func thePageOpensInABrowserAndItsScreenshotIsTaken() throws {
        let page = folder.file("matrix.html")
        let flags = ["delivery", "promoBanner", "reviews", "tipJar"]
        let result = try BuiltProgram.run(BuiltProgram.flags, ["matrix", "--exhaustive", "--html", page] + flags + ["--", "sh", "-c",
            "sleep 0.1; case \"$FLAGS_COMBINATION\" in *reviews=on,tipJar=on*) echo 'tip jar under reviews: overlap'; exit 1;; esac"],
            environment: environment, in: folder.path)
        #expect(result.status == 1)
        let url = URL(fileURLWithPath: page).absoluteString
        // The browser's own reading of the page: the grid is there, with its highlighted cells.
        let dom = try browse(["--dump-dom", url])
        if Self.browser!.contains("chromium") {
            #expect(dom.output.contains("<th>reviews</th>") && dom.output.contains(#"class="value hit""#), "\(dom.errors)")
            #expect(dom.output.contains("<strong>reviews=on and tipJar=on</strong>"))
        }
        let shot = folder.file("shot.png")
        let size = Self.browser!.contains("chromium") ? ["--window-size=900,820", "--screenshot=\(shot)"] : ["--window-size=900,820", "--screenshot", shot]
        _ = try browse(size + [url])
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 5_000, "a PNG of a rendered page")
        if ProcessInfo.processInfo.environment["FLAGS_UPDATE_SCREENSHOTS"] == "1" {
            try? FileManager.default.removeItem(atPath: Self.screenshot)
            try FileManager.default.copyItem(atPath: shot, toPath: Self.screenshot)
        }
    }
}
