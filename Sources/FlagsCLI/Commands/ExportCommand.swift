#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Platform
import FlagsTool

/// `flags export`: the current overrides and preferences as a JSON file to share or keep.
struct ExportCommand: FlagsCommand {
    static let name = "export"
    static let summary = "Write the current overrides and preferences as JSON"
    static let usage = "flags export [--output FILE]"
    static let help = """
        Writes the app's overrides (with when each was set), user preferences, typed
        preferences, forced branches (flags enroll) and feature overrides (flags feature set) as
        JSON with a schema version and sorted keys, so files diff well. Apply it again, here or
        on another machine, with `flags import FILE`.
        """
    static let output = SharedOptions.output("write to FILE instead of standard output: a regular file is replaced "
                                             + "atomically (keeping its mode), a symlink is followed, a FIFO or device (/dev/stdout) is written in place; - is stdout")
    static let options: [any DeclaredOption] = [output]
    static let examples = [CommandExample("flags export -o state.json", "keep the overrides and preferences, for `flags import`")]

    let output: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        output = try arguments.path(of: Self.output, command: Self.name, hint: SharedOptions.outputHint)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let state = SavedFlagState.capture(from: environment)
        guard let output, !OutputFile.isStandardOutput(output) else {
            context.console.printJSON(state.json)
            return
        }
        let path = context.absolutePath(output)
        do {
            try OutputFile.write(Array((state.json.prettyText + "\n").utf8), to: path)
        } catch {
            throw CLIError.failure("\(error)")
        }
        context.console.printError("exported \(state.summary) to \(path)")
    }
}
#endif
