#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The menu's one table of key bindings, per mode: `ScreenModel` handles keys by looking them
/// up here, `ScreenLayout` draws the help screen (the `.rows` bindings) and the footer (the
/// current mode's bindings that have a footer hint) from it, and `flags menu --help` prints it.
///
/// In a mode, a binding of an exact key wins over a wildcard (`anyCharacter`, `anyKey`); a key
/// no binding of the mode names does nothing. Termination signals quit in every mode (they are
/// the `.rows` quit binding's `Ctrl-C`).
///
/// ```swift
/// MenuKeyBindings.command(for: .character("x"), in: .rows)     // .removeOverride
/// MenuKeyBindings.command(for: .character("x"), in: .filter)   // .type
/// ```
public enum MenuKeyBindings {
    /// What the keys currently act on: the table of `ScreenModel.Mode.keyMode`.
    public enum Mode: Equatable, Hashable, Sendable, CaseIterable {
        /// A y/n question is waiting (reset all, replace a preset).
        case confirmation
        /// A name is being typed (`s`).
        case prompt
        /// The preset list is open (`p`).
        case chooser
        /// The store's history is shown (`H`).
        case history
        /// The Experiments screen is shown (`e`).
        case experiments
        /// A row's detail pane is shown (Enter, `i`).
        case detail
        /// The key help covers the rows (`?`).
        case help
        /// The filter is being typed (`/`).
        case filter
        /// The rows: moving, toggling and every other command.
        case rows
    }

    /// The bindings of `mode`, in the order the help and the footer show them.
    public static func bindings(in mode: Mode) -> [MenuKeyBinding] {
        switch mode {
        case .rows: rows
        case .filter: filter
        case .help: help
        case .chooser: chooser
        case .history: history
        case .experiments: experiments
        case .detail: detail
        case .prompt: prompt
        case .confirmation: confirmation
        }
    }

    /// The command `event` gives in `mode`, or nil when it does nothing there.
    public static func command(for event: KeyEvent, in mode: Mode) -> MenuKeyCommand? {
        let table = bindings(in: mode)
        for binding in table {
            if let command = binding.command(for: event, wildcards: false) { return command }
        }
        for binding in table {
            if let command = binding.command(for: event, wildcards: true) { return command }
        }
        return nil
    }

    /// The keys of the row list (and the help screen's text).
    ///
    /// `x` and space do different things on different rows, and the texts say so: on a flag
    /// with an active override `x` removes it (without one it says "has no override"); on a bool
    /// or typed preference it removes the stored choice, so the default shows again; on a
    /// read-only row both say the row is read-only.
    public static let rows: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown), (.key(.character("j")), .moveDown),
                        (.key(.character("k")), .moveUp)],
                       help: "move", footer: "move", rank: 0),
        MenuKeyBinding([(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], help: "page up / down"),
        MenuKeyBinding([(.key(.home), .first), (.key(.end), .last), (.key(.character("g")), .first),
                        (.key(.character("G")), .last)],
                       help: "first / last row"),
        MenuKeyBinding([(.key(.tab), .nextSection), (.key(.backTab), .previousSection)], help: "next / previous section"),
        MenuKeyBinding([(.key(.character(" ")), .activate)],
                       help: "toggle (a flag: stores an override); a choice: next value",
                       footer: "toggle", rank: 0),
        MenuKeyBinding([(.key(.enter), .showDetail), (.key(.character("i")), .showDetail)],
                       help: "details: every layer of the value, the feature's JSON to edit, where it is defined",
                       footer: "details", rank: 1),
        MenuKeyBinding([(.key(.character("x")), .removeOverride)],
                       help: "remove a flag's override or a preference's stored choice",
                       footer: "remove override", rank: 2),
        MenuKeyBinding([(.key(.character("R")), .resetAll)], help: "reset all overrides (asks y/n first)",
                       footer: "reset all", rank: 3),
        MenuKeyBinding([(.key(.character("/")), .editFilter), (.key(.escape), .clearFilter)],
                       help: "filter, fuzzy (tj: Tip Jar; /override, a slug); Enter keeps, Esc clears",
                       footer: "filter", rank: 1),
        MenuKeyBinding([(.key(.character("o")), .toggleOverriddenOnly)],
                       help: "only overridden rows (the header says so), or all again",
                       footer: "overridden only", rank: 4),
        MenuKeyBinding([(.key(.character("z")), .toggleSection), (.key(.left), .collapseSection), (.key(.right), .expandSection)],
                       help: "collapse / expand the section (Build only status starts closed)"),
        MenuKeyBinding([(.key(.character("c")), .cycleChannel)], help: "preview the next channel the manifest declares",
                       footer: "channel", rank: 3),
        MenuKeyBinding([(.key(.character("s")), .savePreset)],
                       help: "save the current overrides and preferences as a preset", footer: "save preset", rank: 2),
        MenuKeyBinding([(.key(.character("p")), .choosePreset)],
                       help: "pick a preset and apply it (replaces the overrides)", footer: "presets", rank: 2),
        MenuKeyBinding([(.key(.character("u")), .undo)],
                       help: "undo the last change made in this menu; again for the one before", footer: "undo", rank: 3),
        MenuKeyBinding([(.key(.character("H")), .showHistory)],
                       help: "the store's recent changes, by anyone (Esc returns)", footer: "history", rank: 3),
        MenuKeyBinding([(.key(.character("e")), .showExperiments)],
                       help: "experiments and rollouts: status, why, branches; force one (on an Experiments row: that one)",
                       footer: "experiments", rank: 3),
        MenuKeyBinding([(.mouse(.click), .click), (.mouse(.wheelUp), .scrollUp), (.mouse(.wheelDown), .scrollDown)],
                       help: "a click selects a row and acts as space; the wheel scrolls"),
        MenuKeyBinding([(.key(.character("?")), .showHelp)], help: "show this help (the moving keys scroll it, any other key closes it)",
                       footer: "help", rank: 0),
        MenuKeyBinding([(.key(.character("q")), .quit), (.terminationSignal, .quit)], help: "quit",
                       footer: "quit", rank: 1),
    ]

    /// While the filter is typed: characters go into it; moving keys still move.
    public static let filter: [MenuKeyBinding] = [
        MenuKeyBinding([(.anyCharacter, .type)], help: "add to the filter", footer: "to filter", rank: 1),
        MenuKeyBinding([(.key(.backspace), .erase)], help: "remove the last character"),
        MenuKeyBinding([(.key(.enter), .accept)], help: "keep the filter", footer: "keep", rank: 0),
        MenuKeyBinding([(.key(.escape), .clearFilter)], help: "clear the filter", footer: "clear", rank: 0),
        MenuKeyBinding([(.key(.up), .navigateRows), (.key(.down), .navigateRows), (.key(.pageUp), .navigateRows),
                        (.key(.pageDown), .navigateRows), (.key(.home), .navigateRows), (.key(.end), .navigateRows),
                        (.key(.tab), .navigateRows), (.key(.backTab), .navigateRows), (.mouse(.click), .navigateRows),
                        (.mouse(.wheelUp), .navigateRows), (.mouse(.wheelDown), .navigateRows)],
                       help: "move, as without the filter", footer: "move", rank: 2),
    ]

    /// While the help is shown: the moving keys and the wheel scroll it (at 80x24 it is taller
    /// than the screen), `q` still quits, any other key closes it.
    public static let help: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown), (.key(.character("j")), .moveDown),
                        (.key(.character("k")), .moveUp), (.mouse(.wheelUp), .scrollUp), (.mouse(.wheelDown), .scrollDown)],
                       help: "scroll the help", footer: "scroll", footerKey: 1, rank: 1),
        MenuKeyBinding([(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], help: "page up / down"),
        MenuKeyBinding([(.key(.home), .first), (.key(.end), .last), (.key(.character("g")), .first),
                        (.key(.character("G")), .last)],
                       help: "top / bottom"),
        MenuKeyBinding([(.key(.character("?")), .closeHelp), (.anyKey, .closeHelp)], help: "close the help",
                       footer: "close help", rank: 0),
        MenuKeyBinding([(.key(.character("q")), .quit)], help: "quit", footer: "quit", rank: 0),
    ]

    /// While the preset list is open.
    public static let chooser: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown), (.key(.character("j")), .moveDown),
                        (.key(.character("k")), .moveUp)],
                       help: "move", footer: "move", rank: 1),
        MenuKeyBinding([(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], help: "page up / down"),
        MenuKeyBinding([(.key(.home), .first), (.key(.end), .last), (.key(.character("g")), .first),
                        (.key(.character("G")), .last)],
                       help: "first / last preset"),
        MenuKeyBinding([(.key(.enter), .accept)], help: "apply the preset", footer: "apply", rank: 0),
        MenuKeyBinding([(.key(.escape), .cancel), (.key(.character("q")), .cancel), (.key(.character("p")), .cancel)],
                       help: "close the list", footer: "cancel", rank: 0),
        MenuKeyBinding([(.key(.character("s")), .savePreset)], help: "save the current state as a new preset"),
    ]

    /// While the store's history is shown: it scrolls, and Esc returns to the rows.
    public static let history: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown), (.key(.character("j")), .moveDown),
                        (.key(.character("k")), .moveUp), (.mouse(.wheelUp), .moveUp), (.mouse(.wheelDown), .moveDown)],
                       help: "scroll", footer: "scroll", rank: 1),
        MenuKeyBinding([(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], help: "page up / down"),
        MenuKeyBinding([(.key(.home), .first), (.key(.end), .last), (.key(.character("g")), .first),
                        (.key(.character("G")), .last)],
                       help: "newest / oldest change"),
        MenuKeyBinding([(.key(.escape), .cancel), (.key(.character("H")), .cancel)],
                       help: "back to the rows", footer: "back", rank: 0),
        MenuKeyBinding([(.key(.character("q")), .quit), (.terminationSignal, .quit)], help: "quit", footer: "quit", rank: 0),
    ]

    /// While the Experiments screen is shown: a list of records, a record's branches or its
    /// JSON; Enter goes down a level (and on a branch forces it), Esc back up.
    public static let experiments: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown), (.key(.character("j")), .moveDown),
                        (.key(.character("k")), .moveUp), (.mouse(.wheelUp), .moveUp), (.mouse(.wheelDown), .moveDown)],
                       help: "move (the JSON scrolls)", footer: "move", rank: 1),
        MenuKeyBinding([(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], help: "page up / down"),
        MenuKeyBinding([(.key(.home), .first), (.key(.end), .last), (.key(.character("g")), .first),
                        (.key(.character("G")), .last)],
                       help: "first / last"),
        MenuKeyBinding([(.key(.enter), .accept)], help: "a record: its branches; a branch: force it",
                       footer: "branches / force", rank: 0),
        MenuKeyBinding([(.key(.character("x")), .removeOverride)], help: "remove the record's forced branch",
                       footer: "unforce", rank: 1),
        MenuKeyBinding([(.key(.character("r")), .showRecord)], help: "the whole record as JSON (r again returns)",
                       footer: "record", rank: 2),
        MenuKeyBinding([(.key(.character("u")), .undo)], help: "undo the last change made in this menu", footer: "undo", rank: 3),
        MenuKeyBinding([(.key(.escape), .cancel), (.key(.character("e")), .showExperiments)],
                       help: "Esc: back one level (from the list, to the rows); e: back to the rows", footer: "back", rank: 0),
        MenuKeyBinding([(.key(.character("q")), .quit), (.terminationSignal, .quit)], help: "quit", footer: "quit", rank: 0),
    ]

    /// While a row's detail pane is shown: the moving keys select the feature's variables (and
    /// scroll past the text between them); Esc or `i` returns to the rows.
    public static let detail: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown), (.key(.character("j")), .moveDown),
                        (.key(.character("k")), .moveUp), (.mouse(.wheelUp), .scrollUp), (.mouse(.wheelDown), .scrollDown)],
                       help: "select a variable, or scroll", footer: "move", rank: 2),
        MenuKeyBinding([(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], help: "page up / down"),
        MenuKeyBinding([(.key(.home), .first), (.key(.end), .last), (.key(.character("g")), .first),
                        (.key(.character("G")), .last)],
                       help: "top / bottom"),
        MenuKeyBinding([(.key(.enter), .accept)],
                       help: "edit the variable: a Boolean flips, an enum takes its next variant, others open a prompt",
                       footer: "edit", rank: 0),
        MenuKeyBinding([(.key(.character("x")), .removeOverride)], help: "remove the variable's feature override",
                       footer: "remove override", rank: 1),
        MenuKeyBinding([(.key(.character("y")), .copyID)], help: "copy the id to the clipboard", footer: "copy id", rank: 1),
        MenuKeyBinding([(.key(.character("u")), .undo)], help: "undo the last change made in this menu", footer: "undo", rank: 3),
        MenuKeyBinding([(.key(.escape), .cancel), (.key(.character("i")), .cancel)],
                       help: "back to the rows", footer: "back", rank: 0),
        MenuKeyBinding([(.key(.character("q")), .quit), (.terminationSignal, .quit)], help: "quit", footer: "quit", rank: 2),
    ]

    /// While a preset name or a feature value is typed.
    public static let prompt: [MenuKeyBinding] = [
        MenuKeyBinding([(.anyCharacter, .type)], help: "type the answer (a value already there is replaced)", footer: "the answer", rank: 1),
        MenuKeyBinding([(.key(.backspace), .erase)], help: "remove the character before the cursor"),
        MenuKeyBinding([(.key(.left), .editLine(.left)), (.key(.right), .editLine(.right)),
                        (.key(.character("\u{02}")), .editLine(.left)), (.key(.character("\u{06}")), .editLine(.right))],
                       help: "move the cursor"),
        MenuKeyBinding([(.key(.home), .editLine(.start)), (.key(.end), .editLine(.end)),
                        (.key(.character("\u{01}")), .editLine(.start)), (.key(.character("\u{05}")), .editLine(.end))],
                       help: "to the start / end"),
        MenuKeyBinding([(.key(.character("\u{15}")), .editLine(.deleteToStart)), (.key(.character("\u{0B}")), .editLine(.deleteToEnd))],
                       help: "delete to the start / end"),
        MenuKeyBinding([(.key(.character("\u{17}")), .editLine(.deleteWordBackward))], help: "delete the word before the cursor"),
        MenuKeyBinding([(.key(.enter), .accept)], help: "save the preset, or store the value", footer: "save", rank: 0),
        MenuKeyBinding([(.key(.escape), .cancel)], help: "cancel", footer: "cancel", rank: 0),
    ]

    /// While a y/n question waits ("Reset all …?", "Replace preset …?"; the question says what yes does).
    public static let confirmation: [MenuKeyBinding] = [
        MenuKeyBinding([(.key(.character("y")), .accept), (.key(.character("Y")), .accept)],
                       help: "yes: do what the question says", footer: "yes", rank: 0),
        MenuKeyBinding([(.key(.character("n")), .cancel), (.key(.character("N")), .cancel), (.key(.escape), .cancel),
                        (.key(.character("q")), .cancel)],
                       help: "no: change nothing", footer: "no", rank: 0),
    ]

    /// The row list's keys as `flags menu --help` prints them (ASCII names, one binding a line).
    public static let helpText: String = {
        let lines = rows.map { binding -> String in
            let keys = binding.helpKeys(glyphs: .ascii)
            return "  " + keys + String(repeating: " ", count: max(1, 19 - keys.count)) + binding.helpText
        }
        return (["Keys:"] + lines).joined(separator: "\n")
    }()
}
#endif
