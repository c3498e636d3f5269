#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// What a key asks the screen to do, as `MenuKeyBindings` maps it: the key handling of
/// `ScreenModel` carries out commands, never keys, so a key does only what the table says.
///
/// Some commands mean slightly different things in different modes (`moveDown` moves the
/// selection among rows, or among presets in the chooser); the mode decides.
///
/// ```swift
/// MenuKeyBindings.command(for: .character("j"), in: .rows)   // .moveDown
/// ```
public enum MenuKeyCommand: Equatable, Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, first, last
    case nextSection, previousSection
    /// Toggle the selected switch or cycle the selected choice.
    case activate
    /// A click: select the row under the pointer, then `activate`.
    case click
    case scrollUp, scrollDown
    /// Remove the selected flag's override or typed preference's stored choice.
    case removeOverride
    /// Ask to remove every override (y/n).
    case resetAll
    case editFilter
    /// Clear the filter (and, while editing it, stop editing).
    case clearFilter
    /// Show only rows with a debug override, or every row again (`o`).
    case toggleOverriddenOnly
    /// Collapse the selected row's section, or expand the collapsed section selected (`z`).
    case toggleSection
    /// Collapse the selected row's section (Left).
    case collapseSection
    /// Expand the collapsed section selected (Right).
    case expandSection
    case cycleChannel
    /// Ask for a preset name (`s`).
    case savePreset
    /// Open the preset chooser (`p`).
    case choosePreset
    /// Undo the last change made in this menu (`u`); pressed again, the one before.
    case undo
    /// Show the store's recent changes (`H`).
    case showHistory
    /// Open the Experiments screen (`e`), on the selected experiment row's record.
    case showExperiments
    /// Show the selected record as JSON (`r` on the Experiments screen).
    case showRecord
    /// Open the selected row's detail pane (Enter, `i`).
    case showDetail
    /// Copy the detail pane's id to the clipboard (`y`).
    case copyID
    case showHelp, closeHelp
    case quit
    /// A typed character goes into the filter or the prompt.
    case type
    /// Backspace in the filter or the prompt.
    case erase
    /// A line-editing key of the prompt: the cursor moves, or text before or after it goes.
    case editLine(TextPrompt.Edit)
    /// Enter in the filter (keep it), the prompt (save), the chooser (apply), or y to a question.
    case accept
    /// Esc in the prompt or the chooser, n to a question.
    case cancel
    /// While the filter is edited, the key moves in the rows as it would without the filter.
    case navigateRows
    /// The key is taken and does nothing (the wheel while the help is shown).
    case ignore
}
#endif
