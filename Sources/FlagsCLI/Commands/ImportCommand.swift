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

/// `flags import FILE`: applies an exported state in one transaction, or nothing at all.
struct ImportCommand: FlagsCommand {
    static let name = "import"
    static let summary = "Apply an exported state in one transaction (all or nothing)"
    static let usage = "flags import FILE [--replace]"
    static let help = """
        Checks the whole file first: unknown flag ids (with the nearest id suggested), flags that
        are not debuggable, values of the wrong type, variants that do not exist, feature values
        that do not fit the manifest's types, a file for another app, malformed JSON. Any problem
        is reported, every one of them, and the store is left exactly as it was. Otherwise
        everything is applied in one transaction. FILE may be - (or /dev/stdin) for standard
        input; a FILE larger than 16 MiB is refused.
        """
    static let replace = FlagOption("--replace", help: "also remove overrides that are not in the file (default: merge the file in)")
    static let options: [any DeclaredOption] = [replace]
    static let arguments = [ArgumentSpec(.file)]
    static let examples = [CommandExample("flags import state.json --replace", "exactly the overrides of the file")]

    let file: String
    let replace: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        replace = arguments.take(Self.replace)
        file = try arguments.onePositional("FILE", command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let path = file == "-" ? file : context.absolutePath(file)
        let state = try SavedFlagStateReader(registry: environment.registry, checkingForcedBranchesAgainst: environment.experiments).read(try Self.readSavedState(path), file: path)
        let changes = state.changes(for: environment, replacing: replace)
        try environment.prefs.apply(changes)
        let removed = changes.filter { if case .remove = $0 { true } else { false } }.count
        context.console.print("imported \(state.summary)"
            + (replace ? ", removed \(Plural.of(removed, "other override"))" : ""))
    }

    /// The text of a saved state file, `-` (or `/dev/stdin`) for standard input, bounded by
    /// `SavedFlagStateReader.maximumSize` while it is read; `diff FILE` reads the same way.
    static func readSavedState(_ path: String) throws(CLIError) -> String {
        do {
            let bytes = path == "-"
                ? try BoundedFileReader.readStandardInput(limit: SavedFlagStateReader.maximumSize)
                : try BoundedFileReader.read(path: path, limit: SavedFlagStateReader.maximumSize)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            let what = path == "-" ? "standard input" : path
            throw .failure("cannot read \(what): \(error.reason)")
        }
    }
}
#endif
