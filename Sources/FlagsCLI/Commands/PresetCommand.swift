#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Nimbus
import FlagsTool
import Platform

/// `flags preset save|apply|list|show|delete`: named flag states kept in the store.
struct PresetCommand: FlagsCommand {
    static let name = "preset"
    static let summary = "Save, apply, list, show or delete named flag states"
    static let usage = "flags preset save|apply|show|delete NAME | flags preset list"
    static let help = """
        Presets are named states kept in the app's store, shared by every process using it:
          save NAME     keep the current overrides and preferences as NAME (replacing it)
          apply NAME    make the overrides exactly NAME's, and set its preferences, in one transaction
          list          the presets, with how many overrides each holds and when it was saved
          show NAME     the preset as JSON (the `flags export` format)
          delete NAME   forget the preset
        In the menu, `s` saves the current state as a preset and `p` applies one.
        """
    static let arguments = [ArgumentSpec(.choice(["save", "apply", "list", "show", "delete"])), ArgumentSpec(.presetName)]
    static let examples = [
        CommandExample("flags preset save checkout", "keep the current overrides as checkout"),
        CommandExample("flags preset apply checkout", "and bring them back later"),
    ]

    enum Action: String { case save, apply, list, show, delete }

    let action: Action
    let presetName: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard let first = words.first, let action = Action(rawValue: first) else {
            throw .usage(words.isEmpty ? "missing the action: save, apply, list, show or delete" : "unknown action '\(words[0])'", command: Self.name)
        }
        self.action = action
        if action == .list {
            guard words.count == 1 else { throw .usage("`preset list` takes no NAME", command: Self.name) }
            presetName = nil
        } else {
            guard words.count == 2 else { throw .usage("`preset \(action.rawValue)` needs one NAME", command: Self.name) }
            presetName = words[1]
        }
    }

    func run(in context: CommandContext) throws {
        let presets = PresetStore(environment: try context.environment())
        let name = presetName ?? ""
        switch action {
        case .save:
            let state = SavedFlagState.capture(from: presets.environment)
            try presets.save(name, state: state)
            context.console.print("saved preset \(name): \(Plural.of(state.overrides.count, "override")), \(Plural.of(state.userPreferences.count + state.typedPreferences.count, "preference"))")
        case .apply:
            let changes = try presets.apply(name)
            context.console.print("applied preset \(name) (\(changes.count) change\(changes.count == 1 ? "" : "s"))")
        case .show:
            context.console.printJSON(try presets.load(name).json)
        case .delete:
            try presets.delete(name)
            context.console.print("deleted preset \(name)")
        case .list:
            let all = presets.list()
            guard !all.isEmpty else {
                context.console.print("No presets yet: save one with `flags preset save NAME`.")
                return
            }
            let rows = all.map { entry -> [String] in
                let overrides = (try? presets.load(entry.name)).map { "\($0.overrides.count)" } ?? "unreadable"
                return [entry.name, overrides, Timestamp.iso8601(entry.savedAt)]
            }
            context.console.print(TextTable(header: ["PRESET", "OVERRIDES", "SAVED"], rows: rows).render())
        }
    }
}
#endif
