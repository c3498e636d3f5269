#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
extension ScreenModel {
    /// What the menu is doing, with the state only that mode has: one of these at a time, so no
    /// two overlays are ever open together and which keys apply is a `switch`, not a ranking.
    ///
    /// A question on the status line (a prompt, a y/n) is asked over another mode, which the
    /// body still draws and which comes back when it is answered: a feature value is typed
    /// over the detail pane it belongs to.
    ///
    /// ```swift
    /// model.mode                         // .rows
    /// model.handle(.character("s"))      // .prompt(TextPrompt(purpose: .presetName), over: .rows)
    /// model.handle(.escape)              // .rows
    /// ```
    public indirect enum Mode: Equatable, Hashable, Sendable {
        /// The rows: moving, toggling and every other command.
        case rows
        /// The rows, with typed characters editing the filter (`/`).
        case filter
        /// The key help over the rows (`?`), scrolled by `scrollOffset` lines.
        case help(scrollOffset: Int)
        /// The preset list over the rows (`p`).
        case chooser(PresetChooser)
        /// The store's history over the rows (`H`).
        case history(HistoryView)
        /// The Experiments screen over the rows (`e`).
        case experiments(ExperimentsScreen)
        /// Everything about one row over the rows (Enter, `i`).
        case detail(DetailPane)
        /// A one-line text question (a preset's name, a feature value) over the mode it was asked in.
        case prompt(TextPrompt, over: Mode)
        /// A y/n question (reset all, replace a preset) over the mode it was asked in.
        case confirmation(Confirmation, over: Mode)

        /// Which table of `MenuKeyBindings` the keys are looked up in.
        public var keyMode: MenuKeyBindings.Mode {
            switch self {
            case .rows: .rows
            case .filter: .filter
            case .help: .help
            case .chooser: .chooser
            case .history: .history
            case .experiments: .experiments
            case .detail: .detail
            case .prompt: .prompt
            case .confirmation: .confirmation
            }
        }

        /// The mode under any question on the status line: what the body of the screen draws.
        public var body: Mode {
            switch self {
            case .prompt(_, let under), .confirmation(_, let under): under.body
            default: self
            }
        }

        /// This mode with `change` made to its body, the questions over it kept.
        func changingBody(_ change: (inout Mode) -> Void) -> Mode {
            switch self {
            case .prompt(let prompt, let under): return .prompt(prompt, over: under.changingBody(change))
            case .confirmation(let confirmation, let under): return .confirmation(confirmation, over: under.changingBody(change))
            default:
                var body = self
                change(&body)
                return body
            }
        }
    }

    // MARK: - The mode's state, read

    /// The question waiting for y/n, if any.
    public var pendingConfirmation: Confirmation? {
        if case .confirmation(let confirmation, _) = mode { confirmation } else { nil }
    }

    /// The one-line text question being answered (`s`: the name of a preset), if any.
    public var prompt: TextPrompt? {
        var current = mode
        while true {
            switch current {
            case .prompt(let prompt, _): return prompt
            case .confirmation(_, let under): current = under
            default: return nil
            }
        }
    }

    /// The preset list drawn over the rows (`p`), if open.
    public var presetChooser: PresetChooser? {
        if case .chooser(let chooser) = mode.body { chooser } else { nil }
    }

    /// The store's history drawn over the rows (`H`), if open.
    public var historyView: HistoryView? {
        if case .history(let view) = mode.body { view } else { nil }
    }

    /// The Experiments screen drawn over the rows (`e`), if open.
    public var experimentsScreen: ExperimentsScreen? {
        if case .experiments(let screen) = mode.body { screen } else { nil }
    }

    /// Everything about one row, drawn over the rows (Enter or `i`), if open.
    public var detailPane: DetailPane? {
        if case .detail(let pane) = mode.body { pane } else { nil }
    }

    /// Whether the key help covers the rows.
    public var isHelpShown: Bool {
        if case .help = mode.body { true } else { false }
    }

    /// How far the help is scrolled, in lines; at most `helpScrollLimit`.
    public var helpScrollOffset: Int {
        if case .help(let offset) = mode.body { offset } else { 0 }
    }

    /// Whether typed characters currently edit the filter.
    public var isEditingFilter: Bool {
        if case .filter = mode.body { true } else { false }
    }

    /// What keys act on now: the outermost question, else the body's mode.
    public var keyMode: MenuKeyBindings.Mode { mode.keyMode }

    /// Makes `change` to the body under any question (opening, refreshing or closing an overlay
    /// leaves a question asked over it in place).
    mutating func changeBody(_ change: (inout Mode) -> Void) {
        mode = mode.changingBody(change)
    }
}
#endif
