#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Formats

/// The detail pane (Enter or `i`): opening it, keeping it in step with the store, and the
/// edits made in it: a feature variable's value, checked against the manifest by
/// `FeatureValueInput` before `NimbusOverrideStore` stores it as a feature override, and the
/// removal of one. The evaluation follows by itself (`reloadView()` evaluates again when a
/// `nimbus.featureOverride.` key changes), and `u` undoes an edit like any other change.
extension FeatureFlagsDebugViewController {
    func detailContent(width: Int? = nil) -> DetailPaneContent {
        DetailPaneContent(previewed: previewed, stored: NimbusOverrideStore(prefs: environment.prefs).overrides,
                          separator: separator, now: clock(), width: width ?? detailWidth)
    }

    func showDetail(_ rowID: String) {
        // A record's details are the Experiments screen's: its branches, forcing, its JSON.
        if case .experiment(let slug)? = MenuRowID(rawValue: rowID) {
            showExperiments(selecting: slug)
            return
        }
        guard let id = MenuRowID(rawValue: rowID), let pane = detailContent().pane(for: id) else {
            screen.show(message: "This row has no details.")
            return
        }
        screen.showDetail(pane)
    }

    /// Builds the open pane's lines again from the current state (after an edit, a change by
    /// another process, a new width), keeping its scroll and selection.
    func refreshDetailPane(width: Int? = nil) {
        guard let pane = screen.detailPane, let id = MenuRowID(rawValue: pane.rowID) else { return }
        if let width { detailWidth = width }
        let content = detailContent()
        guard let (title, _, lines) = content.content(for: id) else {
            screen.closeDetail()
            return
        }
        screen.refreshDetail(lines: lines, title: title, editingRefusal: content.editingRefusal)
    }

    func setFeatureValue(_ text: String, variable: String, of feature: String) throws {
        if let refusal = detailContent().editingRefusal {
            screen.show(message: "Not stored: " + refusal + ".")
            return
        }
        let value: JSONValue
        do {
            value = try FeatureValueInput.parse(text, variable: variable, feature: feature, manifest: environment.registry.manifest)
        } catch {
            screen.show(message: "Not stored: \(error.description).")
            return
        }
        try NimbusOverrideStore(prefs: environment.prefs).setFeatureValue(value, variable: variable, of: feature)
        reloadView()
        screen.show(message: "\(feature).\(variable) = \(value.compactText) stored as a feature override (u undoes it).")
    }

    func removeFeatureValue(_ variable: String, of feature: String) throws {
        let removed = try NimbusOverrideStore(prefs: environment.prefs).removeFeatureValue(of: feature, variable: variable)
        reloadView()
        if removed.isEmpty {
            screen.show(message: "\(feature).\(variable) has no feature override.")
        } else {
            let value = previewed.experiments.resolved[feature]?.value[variable]
                ?? environment.registry.manifest.defaultValue(forFeature: feature, variable: variable, channel: previewed.channel)
            screen.show(message: "\(feature).\(variable): feature override removed, now \(value?.compactText ?? "unset").")
        }
    }

    func copy(_ text: String) {
        if let copyToClipboard, copyToClipboard(text) {
            screen.show(message: "copied `\(text)` to the clipboard")
        } else {
            screen.show(message: "Could not copy `\(text)`: no terminal to send the clipboard request to.")
        }
    }
}
#endif
