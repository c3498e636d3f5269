#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Prefs

/// What applying a preset would change, against the store as it is now: the number of changes
/// and the first few in words, for the preset chooser (`p`).
///
/// Use `PresetPreview(changes:current:registry:)` with the changes `SavedFlagState.changes(for:
/// replacing: true)` lists (what applying does); changes that write what is already stored are
/// not counted.
///
/// ```swift
/// let preview = PresetPreview(changes: state.changes(for: environment, replacing: true),
///                             current: environment.prefs.allEntries(), registry: environment.registry)
/// preview.summary(limit: 2)   // "2 changes: tipJar override on, spicyMode off→on"
/// ```
struct PresetPreview {
    /// Each real change in words ("tipJar override on", "promoBanner override removed").
    let descriptions: [String]

    init(changes: [PrefChange], current: [String: PrefEntry], registry: FeatureFlagRegistry) {
        let suffix = FeatureFlagID.debugKeySuffix
        var descriptions: [String] = []
        for change in changes {
            let old = current[change.key]?.value
            let new = change.entry(writtenAt: 0)?.value
            guard old != new else { continue }
            if change.key.hasSuffix(suffix), let flag = registry.flagIfPresent(String(change.key.dropLast(suffix.count))),
               flag.debugKey == change.key {
                switch (old?.boolValue, new?.boolValue) {
                case (_, nil): descriptions.append("\(flag.rawValue) override removed")
                case (nil, let value?): descriptions.append("\(flag.rawValue) override \(MenuText.onOff(value))")
                case (let before?, let after?): descriptions.append("\(flag.rawValue) override \(MenuText.onOff(before))\u{2192}\(MenuText.onOff(after))")
                }
            } else {
                descriptions.append("\(change.key) \(Self.text(old))\u{2192}\(Self.text(new))")
            }
        }
        self.descriptions = descriptions
    }

    /// "no changes", or the count and the first `limit` changes ("3 changes: a, b, …").
    func summary(limit: Int = 3) -> String {
        guard !descriptions.isEmpty else { return "no changes" }
        let shown = descriptions.prefix(limit).joined(separator: ", ")
        let more = descriptions.count > limit ? ", +\(descriptions.count - limit) more" : ""
        return "\(MenuText.count(descriptions.count, "change")): \(shown)\(more)"
    }

    private static func text(_ value: PrefValue?) -> String {
        switch value {
        case .bool(let value)?: MenuText.onOff(value)
        case .int(let value)?: String(value)
        case .string(let value)?: value
        case nil: "unset"
        }
    }
}
#endif
