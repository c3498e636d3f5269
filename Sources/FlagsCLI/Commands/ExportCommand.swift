#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Nimbus
import Platform

/// `flags export`: the current overrides and preferences as a JSON file to share or keep.
struct ExportCommand: FlagsCommand {
    static let name = "export"
    static let summary = "Write the current overrides and preferences as JSON"
    static let usage = "flags export [--output FILE]"
    static let help = """
        Writes the app's overrides (with when each was set), user preferences and typed
        preferences as JSON with a schema version and sorted keys, so files diff well. Apply it
        again, here or on another machine, with `flags import FILE`.

        Options:
          --output FILE, -o FILE    write to FILE (atomically) instead of standard output
        """

    let output: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        output = try arguments.option("--output", "-o", command: Self.name)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let state = SavedFlagState.capture(from: environment)
        let text = state.json.prettyText + "\n"
        guard let output else {
            context.console.print(text.dropLast().description)
            return
        }
        let path = context.absolutePath(output)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.failure("cannot write \(path): \(ErrorText.describe(error))")
        }
        context.console.printError("exported \(state.overrides.count) overrides, \(state.userPreferences.count + state.typedPreferences.count) preferences to \(path)")
    }
}
#endif
