#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FlagsTool
import Platform

/// The options `flags matrix` and `flags bisect` share for how each run goes (`--timeout`,
/// `--retries`) and which reports they write (`--junit FILE`, `--html FILE`).
///
/// Each command declares the four with help of its own (a combination or a state); the
/// spellings are declared here, once.
///
/// ```swift
/// static let runs = MatrixReportOptions.Declared(retries: "...", junit: "...", html: "...")
/// var reports = try MatrixReportOptions(arguments: &arguments, declared: Self.runs, command: "matrix")
/// let runner = reports.runner(["swift", "test"])
/// ```
struct MatrixReportOptions {
    /// A command's declarations of the four options.
    struct Declared: Sendable {
        let timeout: ValueOption
        let retries: ValueOption
        let junit: ValueOption
        let html: ValueOption

        init(retries retriesHelp: String, junit junitHelp: String, html htmlHelp: String) {
            timeout = ValueOption("--timeout", value: .duration,
                                  help: "end a run (its whole process group) after DURATION, as a failure (90s, 10m)")
            retries = ValueOption("--retries", value: .text("N"), help: retriesHelp)
            junit = ValueOption("--junit", value: .file, help: junitHelp)
            html = ValueOption("--html", value: .file, help: htmlHelp)
        }

        var all: [any DeclaredOption] { [timeout, retries, junit, html] }
    }

    var timeout: Double?
    var retries = 0
    var junit: String?
    var html: String?

    init() {}

    init(arguments: inout ArgumentList, declared: Declared, command: String) throws(CLIError) {
        timeout = try arguments.value(of: declared.timeout, command: command).map { text throws(CLIError) in
            try RunTimeout.seconds(text, option: declared.timeout.name, command: command)
        }
        retries = try RunTimeout.retries(try arguments.value(of: declared.retries, command: command), option: declared.retries.name,
                                         command: command)
        junit = try arguments.path(of: declared.junit, command: command)
        html = try arguments.path(of: declared.html, command: command)
    }

    func runner(_ command: [String]) -> CommandRunner {
        CommandRunner(command: command, timeout: timeout, retries: retries)
    }

    /// Writes the reports asked for; `title` names the suite (`flags matrix`), `mode` the way
    /// its combinations were chosen. The page highlights `highlighted` (a bisection's culprit),
    /// or else the first interaction `FailureInteractions` finds in the rows.
    func write(_ rows: [ReportRow], title: String, command: [String], mode: String, context: CommandContext,
               dimensions: [String]? = nil, highlighted: [(dimension: String, value: String)]? = nil, summary: String? = nil) throws {
        if let html {
            let columns = dimensions ?? rows.first.map { $0.settings.map(\.dimension) } ?? []
            let decided = rows.compactMap { row in
                row.outcome.decidesFailure.map { failed in (values: columns.map { column in row.settings.first { $0.dimension == column }?.value ?? "" }, failed: failed) }
            }
            let ranked = FailureInteractions(dimensions: columns, rows: decided).ranked
            let interaction = highlighted ?? ranked.first.map { $0.settings.map { ($0.dimension, $0.value) } } ?? []
            var note = summary
            if highlighted == nil, let first = ranked.first, ranked.count > 1 {
                note = "Every failing combination, and no passing one, has \(first.text) (highlighted), or one of \(ranked.count - 1) other "
                    + "candidate\(ranked.count == 2 ? "" : "s"); `flags bisect` tells them apart."
            }
            let page = HTMLReport(title: title, command: command, dimensions: columns, rows: rows, highlighted: interaction, summary: note)
            try save(page.html, to: html, what: "HTML report", rows: rows.count, context: context)
        }
        guard let junit else { return }
        var properties = [(name: "command", value: command.joined(separator: " ")), (name: "mode", value: mode)]
        if let timeout { properties.append(("timeout", "\(timeout) s")) }
        if retries > 0 { properties.append(("retries", "\(retries)")) }
        let report = JUnitReport(suite: title, properties: properties, rows: rows)
        try save(report.xml, to: junit, what: "JUnit report", rows: rows.count, context: context)
    }

    private func save(_ text: String, to file: String, what: String, rows: Int, context: CommandContext) throws {
        let path = context.absolutePath(file)
        do {
            try OutputFile.write(Array(text.utf8), to: path)
        } catch {
            throw CLIError.failure("cannot write the \(what) to \(path): \(error)")
        }
        context.console.printError("wrote the \(what) of \(rows) run\(rows == 1 ? "" : "s") to \(path)")
    }
}
#endif
