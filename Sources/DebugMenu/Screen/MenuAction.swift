#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// What the user asked the menu to do, for the controller to carry out.
///
/// Returned by `ScreenModel.handle(_:)`; the screen model changes only what is on screen
/// (selection, filter, help, prompts) and leaves every write to the controller, which then
/// reloads the rows (`ScreenModel.update(rows:)`) and may `show(message:)`.
///
/// ```swift
/// switch model.handle(key) {
/// case .toggle(let id)?: provider.setDebugOverride(id, to: !current)
/// case .quit?: return
/// default: break
/// }
/// ```
public enum MenuAction: Equatable, Hashable, Sendable {
    /// Flip the toggle row `rowID` (sets a debug override).
    case toggle(rowID: String)
    /// Move the choice row `rowID` to its next variant.
    case cycle(rowID: String)
    /// Remove the debug override (or stored choice) of row `rowID`.
    case removeOverride(rowID: String)
    /// Remove every debug override; the user has confirmed.
    case resetAll
    /// Preview the next build channel (developer → beta → release → developer).
    case cycleChannel
    /// Save the current flag state as the preset `name` (typed at the `s` prompt, not yet checked);
    /// when one of that name exists, the controller asks before replacing it.
    case savePreset(name: String)
    /// Save the current flag state over the existing preset `name` (the user said yes).
    case replacePreset(name: String)
    /// List the saved presets in a `PresetChooser` (`p`).
    case choosePreset
    /// Make the overrides exactly those of preset `name` (chosen in the `PresetChooser`).
    case applyPreset(name: String)
    /// Undo the last change this menu made that is not undone yet (`u`).
    case undo
    /// List the store's recent changes in a `HistoryView` (`H`).
    case showHistory
    /// Open the `ExperimentsScreen` (`e`), on the record `slug` when an experiment row is selected.
    case showExperiments(slug: String?)
    /// Force the client into `branch` of the record `slug` (Enter on a branch).
    case forceBranch(slug: String, branch: String)
    /// Remove the forced branch of the record `slug` (`x` on the Experiments screen).
    case removeForcedBranch(slug: String)
    /// Show everything about row `rowID` in a `DetailPane` (Enter or `i`).
    case showDetail(rowID: String)
    /// Store `text`, read as the manifest types `variable` of `feature`, as that variable's
    /// feature override (edited in the detail pane; not yet checked).
    case setFeatureValue(feature: String, variable: String, text: String)
    /// Remove the feature override of `variable` of `feature` (`x` in the detail pane).
    case removeFeatureValue(feature: String, variable: String)
    /// Put `text` on the terminal's clipboard (`y` in the detail pane).
    case copy(text: String)
    /// Leave the menu.
    case quit
}
#endif
