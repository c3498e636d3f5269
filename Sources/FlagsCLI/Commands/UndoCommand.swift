#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FlagsTool
import Platform
import Prefs

/// `flags undo [GROUP]`: takes back the store's last change (or the numbered one from `flags log`).
struct UndoCommand: FlagsCommand {
    static let name = "undo"
    static let summary = "Undo the store's last change (or group), which is itself undoable"
    static let usage = "flags undo [GROUP]"
    static let help = """
        Puts back what the last recorded change replaced, in one transaction: one `flags set`, or
        a whole import, reset --all or preset applied. GROUP, a number from the # column of
        `flags log`, undoes that change instead of the last one.

        The undo is recorded like any change, so a second `flags undo` undoes the undo. A key that
        was changed again after the change being undone is left as it is now, and named: undo
        never overwrites a later change. The store keeps the last 1,000 changes of the last 30 days.
        """
    static let arguments = [ArgumentSpec(.text("GROUP"))]
    static let examples = [
        CommandExample("flags undo", "take back the last change (run it again to take back the undo)"),
        CommandExample("flags undo 12", "take back change #12 of `flags log` instead"),
    ]

    let group: Int64?

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard words.count <= 1 else { throw .usage("expected at most one GROUP number, found \(words.count) words", command: Self.name) }
        if let word = words.first {
            guard let number = Int64(word), number > 0 else {
                throw .usage("GROUP is a number from the # column of `flags log`, found '\(word)'", command: Self.name)
            }
            group = number
        } else {
            group = nil
        }
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let labels = StoreKeyLabels(registry: environment.registry)
        guard let result = try environment.prefs.undo(group: group) else {
            throw CLIError.failure(group.map { "no change #\($0) in the history of \(environment.prefs.path) (see: flags log)" }
                                   ?? "nothing to undo: no changes are recorded in \(environment.prefs.path)")
        }
        let number = result.group ?? 0
        if let undoer = result.alreadyUndoneBy {
            throw CLIError.failure("change #\(number) was already undone by #\(undoer); nothing was changed "
                                   + "(`flags undo \(undoer)` takes that undo back; see: flags log)")
        }
        for entry in result.restored {
            context.console.print("\(labels.label(for: entry.key)): \(labels.change(entry))")
        }
        for kept in result.keptChanged {
            if let before = kept.valueBefore {
                context.console.print("\(labels.label(for: kept.key)): kept \(labels.value(kept.current, of: kept.key)) "
                                      + "(its value before, \(before.bytes) bytes, is too large for the history to keep)")
                continue
            }
            let since = kept.lastChange.map { " by \(TerminalSafeText.sanitized($0.author))" } ?? ""
            context.console.print("\(labels.label(for: kept.key)): kept \(labels.value(kept.current, of: kept.key)) (changed again since\(since))")
        }
        guard !result.restored.isEmpty else {
            throw CLIError.failure("nothing undone: no key of change #\(number) could be put back (see: flags log)")
        }
        let what = result.undone.first?.undoes.map { "undid #\(number) (the undo of #\($0))" } ?? "undid #\(number)"
        context.console.print("\(what), made by \(TerminalSafeText.sanitized(result.undone.first?.author ?? "?")); `flags undo` again takes this back")
    }
}
#endif
