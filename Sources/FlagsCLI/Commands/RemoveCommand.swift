#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool

/// `flags remove NAME`: undoes `flags add NAME`, one reported step at a time.
struct RemoveCommand: FlagsCommand {
    static let name = "remove"
    static let summary = "Remove a flag from the registry, and the feature file `flags add` wrote for it"
    static let usage = "flags remove NAME"
    static let help = """
        Undoes `flags add NAME`: removes the flag from the registry's `flags:`, removes
        nimbus-features/<NAME>Feature.yaml from the manifest's `include` list, and deletes that
        file, but only a file `flags add` wrote and nobody changed since (its first line says so,
        with a checksum). Any other feature file, the app's own or one edited since, stays with
        its include line, and the report says so: only the registry entry goes. Each step is
        reported as done, skipped (with why) or failed (with what to do by hand). The feature file
        is kept while another flag or preference still reads it. If the registry loaded before
        and does not afterwards, every file is restored.
        A stored debug override of the flag is left in the store; clear it first with `flags reset NAME`.

        Exit status: 0 when every step was done or skipped and at least one was done, else 1.
        """
    static let arguments = [ArgumentSpec(.flagID)]

    let name: FlagName

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name) + arguments.trailing
        guard words.count == 1 else {
            throw .usage(words.isEmpty ? "missing the flag NAME" : "expected one flag NAME, found \(words.count)", command: Self.name)
        }
        do {
            name = try FlagName(parsing: words[0])
        } catch {
            throw CLIError(authoring: error, command: Self.name)
        }
    }

    func run(in context: CommandContext) throws {
        let registryPath = try AddCommand.editableRegistryPath(context, for: "remove a flag")
        let steps = FlagAuthor(registryPath: registryPath).remove(name)
        for step in steps {
            switch step.outcome {
            case .done: context.console.print("done:    \(step.action)")
            case .skipped(let reason): context.console.print("skipped: \(step.action) (\(reason))")
            case .failed(let what): context.console.print("FAILED:  \(step.action): \(what)")
            }
        }
        if steps.contains(where: { if case .failed = $0.outcome { true } else { false } }) {
            throw CLIError.failure("some steps of removing `\(name.id)` failed; see above for what to do by hand")
        }
        guard steps.contains(where: { $0.outcome == .done }) else {
            throw CLIError.failure("nothing to remove: no flag `\(name.id)`, include of \(name.includePath) or feature file (see `flags list`)")
        }
    }
}
#endif
