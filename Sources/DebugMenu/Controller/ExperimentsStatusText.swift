#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Platform
import FeatureFlags
import RemoteSettings
import Prefs

/// The few words the menu's header gives about a Remote Settings source: being fetched, fresh,
/// or answered from the offline cache and why ("experiments: cached 3m ago — server unreachable").
///
/// Use `text(for:isFetching:cachedAt:now:)` after opening the environment and after every fetch;
/// it is nil for experiments read from a file (or none), where there is nothing to say.
///
/// ```swift
/// ExperimentsStatusText.text(for: environment.experiments, isFetching: true)   // "experiments: fetching…"
/// ```
public enum ExperimentsStatusText {
    /// Whether `experiments` come from a Remote Settings server (a URL), rather than a file.
    public static func isRemote(_ experiments: NimbusExperiments) -> Bool {
        guard let source = experiments.source else { return false }
        if case .remote = ExperimentsSource.parse(source, relativeTo: "/") { return true }
        return false
    }

    /// When the offline cache of `experiments`' server was last filled, if it was.
    public static func cachedAt(_ experiments: NimbusExperiments, prefs: any Prefs) -> Date? {
        guard let source = experiments.source, case .remote(let client) = ExperimentsSource.parse(source, relativeTo: "/") else {
            return nil
        }
        return PrefsRemoteSettingsCache(prefs: prefs, url: client.recordsURL).fetchedAt()
    }

    /// The status for the header, or nil for a file source.
    ///
    /// - Parameters:
    ///   - isFetching: a background fetch is running.
    ///   - cachedAt: when the cache was filled, for experiments read from the cache only.
    ///   - dash: the dash between what and why (`—`, or `-` on an ASCII terminal).
    ///   - ellipsis: the ellipsis after "fetching".
    public static func text(for experiments: NimbusExperiments, isFetching: Bool, cachedAt: Date? = nil,
                            now: Date = Date(), dash: String = "\u{2014}", ellipsis: String = "\u{2026}") -> String? {
        guard isRemote(experiments) else { return nil }
        if isFetching { return "experiments: fetching\(ellipsis)" }
        guard let remote = experiments.remote else {
            // Read from the cache only (--offline): no server was asked.
            guard experiments.loadProblem == nil else { return "experiments: none cached \(dash) offline" }
            let age = cachedAt.map { " " + ago(now.timeIntervalSince($0)) } ?? ""
            return "experiments: cached\(age) \(dash) offline"
        }
        switch remote.status {
        case .fresh, .unchanged:
            return "experiments: fresh"
        case .fromCache(let age, let error):
            return "experiments: cached \(ago(age)) \(dash) \(reason(error))"
        case .noData(let error):
            return "experiments: none \(dash) \(reason(error)); defaults used"
        }
    }

    /// "3m ago", "just now", "at an unknown time".
    static func ago(_ age: TimeInterval) -> String {
        guard age.isFinite else { return "at an unknown time" }
        guard age >= 60 else { return "just now" }
        return OverrideAge.text(setAt: 0, now: age) + " ago"
    }

    /// Why the server's records are not being used, in a few words.
    static func reason(_ error: RemoteSettingsError) -> String {
        switch error.kind {
        case .cannotConnect, .hostNotFound, .timedOut, .transport:
            return "server unreachable"
        case .httpStatus(let status):
            return "server answered HTTP \(status)"
        case .notJSON, .missingDataArray:
            return "server sent a bad answer"
        case .answerTooLarge, .tooManyRecords, .recordTooLarge:
            return "server sent too much"
        case .backingOff:
            return "server asked to wait"
        case .invalidID:
            return "not a Remote Settings collection"
        }
    }
}
#endif
