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

/// `flags add NAME`: a new flag with its Nimbus feature, like Firefox's `fxios nimbus add`.
struct AddCommand: FlagsCommand {
    static let name = "add"
    static let summary = "Add a flag: its feature file, manifest include and registry entry"
    static let usage = "flags add NAME [--debuggable] [--user-toggleable] [-d|--description TEXT] [--title TEXT] [--status TEXT]"
    static let help = """
        Adds the flag NAME (camelCase, at least 3 characters; a trailing "Feature" is dropped) to
        the app, as Firefox's `fxios nimbus add` does:
          - writes nimbus-features/<NAME>Feature.yaml next to the manifest: the feature
            <kebab-name>-feature with a Boolean `enabled`, false by default and true in the
            developer channel;
          - adds that file to the manifest's `include` list, in sorted order;
          - adds the flag to the registry's `flags:`, in alphabetical order.
        Comments and formatting of the edited files are kept. The registry is loaded again after
        writing; if it does not load, every file is restored. Undo with `flags remove NAME`.
        """
    static let debuggable = FlagOption("--debuggable", help: "give the flag a row in the debug menu (a debugKey)")
    static let userToggleable = FlagOption("--user-toggleable", help: "let users switch it (userPrefsKey: <Name>UserPrefsKey)")
    static let description = ValueOption("-d", "--description", value: .text("TEXT"),
                                         help: "the feature's description (one line, at most 100 characters)")
    static let title = ValueOption("--title", value: .text("TEXT"), help: "the menu row's title (default: the name's words, \"New Thing\")")
    static let status = ValueOption("--status", value: .text("TEXT"), help: "the menu row's status line (default: the description)")
    static let options: [any DeclaredOption] = [debuggable, userToggleable, description, title, status]
    static let arguments = [ArgumentSpec(.text("NAME"))]
    static let examples = [CommandExample("flags add tipJar --debuggable -d \"Tip the kitchen\"", "a new flag with a menu row")]

    let flag: NewFlag

    init(arguments: inout ArgumentList) throws(CLIError) {
        let debuggable = arguments.take(Self.debuggable)
        let userToggleable = arguments.take(Self.userToggleable)
        let description = try arguments.value(of: Self.description, command: Self.name)
        let title = try arguments.value(of: Self.title, command: Self.name)
        let status = try arguments.value(of: Self.status, command: Self.name)
        let words = try arguments.positionals(command: Self.name) + arguments.trailing
        guard words.count == 1 else {
            throw .usage(words.isEmpty ? "missing the flag NAME (camelCase, e.g. newThing)" : "expected one flag NAME, found \(words.count)", command: Self.name)
        }
        do {
            flag = try NewFlag(name: FlagName(parsing: words[0]), description: description, isDebuggable: debuggable,
                               isUserToggleable: userToggleable, title: title, status: status)
        } catch {
            throw CLIError(authoring: error, command: Self.name)
        }
    }

    func run(in context: CommandContext) throws {
        let registryPath = try Self.editableRegistryPath(context, for: "add a flag")
        let changes: [FlagAuthor.Change]
        do {
            changes = try FlagAuthor(registryPath: registryPath).add(flag)
        } catch {
            throw CLIError(authoring: error, command: Self.name)
        }
        for change in changes { context.console.print(change.summary) }
        var next = "Next: read it with isEnabled(.\(flag.name.id))"
        if flag.isDebuggable { next += "; toggle it with `flags set \(flag.name.id) on`" }
        context.console.print(next + "; regenerate the app's Swift with `flags generate`, which declares `.\(flag.name.id)`.")
    }

    /// The app's registry, for `add` and `remove`; the built-in demo is refused since its files
    /// are rewritten on every run.
    static func editableRegistryPath(_ context: CommandContext, for what: String) throws -> String {
        let environment = try context.environment()
        guard !context.opensDemo else {
            throw CLIError.failure("no \(FlagsEnvironment.registryFileName) found here or above, and the built-in demo cannot be edited; run in your app's folder or pass --config PATH to \(what) (to start one, copy the demo's files from \(FilePathText.folder(of: environment.registry.path)))")
        }
        return environment.registry.path
    }
}

extension CLIError {
    /// Wrong arguments are usage errors (exit 2); clashes and file problems are failures (exit 1).
    init(authoring error: AuthoringError, command: String) {
        self = error.kind == .invalidArgument ? .usage(error.message, command: command) : .failure(error.message)
    }
}
#endif
