#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FlagsTool
import Platform

/// The options `flags matrix` and `flags bisect` share for how each run goes (`--timeout`,
/// `--retries`) and which reports they write (`--junit FILE`).
///
/// ```swift
/// var reports = try MatrixReportOptions(arguments: &arguments, command: "matrix")
/// let runner = reports.runner(["swift", "test"])
/// ```
struct MatrixReportOptions {
    var timeout: Double?
    var retries = 0
    var junit: String?

    init() {}

    init(arguments: inout ArgumentList, command: String) throws(CLIError) {
        timeout = try arguments.option("--timeout", command: command).map { text throws(CLIError) in try RunTimeout.seconds(text, command: command) }
        retries = try RunTimeout.retries(try arguments.option("--retries", command: command), command: command)
        junit = try arguments.pathOption("--junit", command: command)
    }

    func runner(_ command: [String]) -> CommandRunner {
        CommandRunner(command: command, timeout: timeout, retries: retries)
    }

    /// Writes the reports asked for; `title` names the suite (`flags matrix`), `mode` the way
    /// its combinations were chosen.
    func write(_ rows: [ReportRow], title: String, command: [String], mode: String, context: CommandContext) throws {
        guard let junit else { return }
        var properties = [(name: "command", value: command.joined(separator: " ")), (name: "mode", value: mode)]
        if let timeout { properties.append(("timeout", "\(timeout) s")) }
        if retries > 0 { properties.append(("retries", "\(retries)")) }
        let report = JUnitReport(suite: title, properties: properties, rows: rows)
        let path = context.absolutePath(junit)
        do {
            try OutputFile.write(Array(report.xml.utf8), to: path)
        } catch {
            throw CLIError.failure("cannot write the JUnit report to \(path): \(error)")
        }
        context.console.printError("wrote the JUnit report of \(rows.count) run\(rows.count == 1 ? "" : "s") to \(path)")
    }
}
#endif
