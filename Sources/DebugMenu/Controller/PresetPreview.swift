#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import FlagsTool
import Prefs

/// What applying a preset would change, against the store as it is now: the number of changes
/// and the first few in words, for the preset chooser (`p`).
///
/// Use `PresetPreview(changes:current:labels:)` with the changes `SavedFlagState.changes(for:
/// replacing: true)` lists (what applying does); changes that write what is already stored are
/// not counted. The words are `StoreKeyLabels.describe`'s, the ones `flags preset apply` counts.
///
/// ```swift
/// let preview = PresetPreview(changes: state.changes(for: environment, replacing: true),
///                             current: environment.prefs.allEntries(), labels: StoreKeyLabels(registry: environment.registry))
/// preview.summary(limit: 2)   // "2 changes: tipJar override on, spicyMode preference off→on"
/// ```
struct PresetPreview {
    /// Each real change in words ("tipJar override on", "promoBanner override removed",
    /// "feature override bibimbap-feature.spice-level 5").
    let descriptions: [String]

    init(changes: [PrefChange], current: [String: PrefEntry], labels: StoreKeyLabels) {
        descriptions = labels.describe(changes, against: current)
    }

    /// "no changes", or the count and the first `limit` changes ("3 changes: a, b, …").
    func summary(limit: Int = 3) -> String {
        guard !descriptions.isEmpty else { return "no changes" }
        let shown = descriptions.prefix(limit).joined(separator: ", ")
        let more = descriptions.count > limit ? ", +\(descriptions.count - limit) more" : ""
        return "\(MenuText.count(descriptions.count, "change")): \(shown)\(more)"
    }
}
#endif
