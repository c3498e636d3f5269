import Prefs
import Synchronization

/// The app's `FeatureFlagProviding`: a debug override first (developer and beta builds only),
/// otherwise the Nimbus value. Firefox for iOS's `FeatureFlagsProvider`, plus ways to remove
/// overrides and to explain a value.
///
/// In a release build the override check is not even compiled in; a developer build can be told
/// to *behave* as release (`behavingAs: .release`) to preview what release users get, but a
/// release build can never be told the opposite.
///
/// `isEnabled` sits on an app's hottest paths, so answers are memoised per flag and forgotten
/// whenever `prefs.generation` moves (an override written here or by another process): a check
/// costs a lock, an atomic load and one dictionary lookup.
///
/// ```swift
/// let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: layer)
/// try provider.setDebugOverride(flag, to: true)
/// provider.isEnabled(flag)   // true in developer and beta builds
/// ```
public final class FeatureFlagsProvider: FeatureFlagProviding {
    public let prefs: Prefs
    public let nimbusLayer: NimbusFeatureFlagLayerProviding
    /// Whether overrides change values: the build allows it and the previewed channel does too.
    public let honorsOverrides: Bool

    /// Answers already given, valid while the store's generation stays `generation`.
    private struct Answers {
        var generation: UInt64
        var values: [ObjectIdentifier: Bool] = [:]
    }

    private let answers: Mutex<Answers>

    public init(prefs: Prefs, nimbusLayer: NimbusFeatureFlagLayerProviding, behavingAs channel: BuildChannel = .current) {
        self.prefs = prefs
        self.nimbusLayer = nimbusLayer
        honorsOverrides = BuildChannel.current.allowsDebugOverrides && channel.allowsDebugOverrides
        answers = Mutex(Answers(generation: prefs.generation))
    }

    public func isEnabled(_ flag: FeatureFlagID) -> Bool {
        let key = ObjectIdentifier(flag.definition)
        let generation = prefs.generation
        return answers.withLock { answers in
            if answers.generation != generation {
                answers = Answers(generation: generation)
            } else if let known = answers.values[key] {
                return known
            }
            let value = computeIsEnabled(flag)
            answers.values[key] = value
            return value
        }
    }

    private func computeIsEnabled(_ flag: FeatureFlagID) -> Bool {
        #if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
        if honorsOverrides, let debugKey = flag.debugKey, let override = prefs.boolForKey(debugKey) {
            return override
        }
        #endif
        return nimbusLayer.checkNimbusConfigFor(flag)
    }

    public func setDebugOverride(_ flag: FeatureFlagID, to value: Bool) throws {
        #if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
        guard let debugKey = flag.debugKey else { throw FeatureFlagError.notDebuggable(flag.rawValue) }
        try prefs.setBool(value, forKey: debugKey)
        #else
        throw FeatureFlagError.overridesUnavailableInRelease
        #endif
    }

    /// The stored override of a flag, whether or not this build honors it.
    public func debugOverride(for flag: FeatureFlagID) -> PrefEntry? {
        Self.override(of: flag) { prefs.entry(forKey: $0) }
    }

    /// The entry under `flag`'s debug key, when it holds a Boolean: what counts as an override.
    private static func override(of flag: FeatureFlagID, in entry: (String) -> PrefEntry?) -> PrefEntry? {
        guard let debugKey = flag.debugKey, let found = entry(debugKey), found.value.boolValue != nil else { return nil }
        return found
    }

    /// Removes the override of one flag (nothing happens when there is none).
    public func removeDebugOverride(_ flag: FeatureFlagID) throws {
        guard let debugKey = flag.debugKey else { throw FeatureFlagError.notDebuggable(flag.rawValue) }
        try prefs.removeObjectForKey(debugKey)
    }

    /// Removes every stored debug override in one transaction, including those of flags no
    /// longer in the registry, and returns how many there were. Forced branches and feature
    /// overrides are debug overrides too (`NimbusOverrideStore`): they go in the same
    /// transaction, so `reset --all` and the menu's reset leave Nimbus to decide everything.
    @discardableResult
    public func removeAllDebugOverrides() throws -> Int {
        let keys = prefs.allEntries().filter { key, entry in
            (key.hasSuffix(FeatureFlagID.debugKeySuffix) && entry.value.boolValue != nil) || NimbusOverrideStore.isOverrideKey(key)
        }.keys
        try prefs.apply(keys.sorted().map { .remove($0) })
        return keys.count
    }

    /// The full story of a flag: its value, where it comes from, and the value underneath.
    public func state(of flag: FeatureFlagID) -> FeatureFlagState {
        state(of: flag, override: debugOverride(for: flag))
    }

    /// The states of many flags, keyed by flag id, from one read of the store: what a screen of
    /// 10,000 rows needs, where one read per flag would cost a store check each.
    /// Each flag is asked about once, so the manifest's features read for it are not kept.
    public func states(of flags: some Sequence<FeatureFlagID>) -> [String: FeatureFlagState] {
        // Sized up front: growing a table of 100,000 states rehashed and copied it seventeen times.
        var states: [String: FeatureFlagState] = Dictionary(minimumCapacity: flags.underestimatedCount)
        forEachState(of: flags) { states[$0.flag.rawValue] = $0 }
        return states
    }

    /// The states of `flags` in their order, from one read of the store, as `states(of:)`
    /// reads them: for a listing, which looks none of them up by id, so it hashes no id.
    public func statesInOrder(of flags: some Sequence<FeatureFlagID>) -> [FeatureFlagState] {
        var states: [FeatureFlagState] = []
        states.reserveCapacity(flags.underestimatedCount)
        forEachState(of: flags) { states.append($0) }
        return states
    }

    private func forEachState(of flags: some Sequence<FeatureFlagID>, _ body: (FeatureFlagState) -> Void) {
        let entries = prefs.allEntries()
        // A store without any debug override (most starts: it holds the client's id and
        // enrollments) has none to find: making each flag's key and hashing it to look it up
        // there cost about 1,500 instructions a flag.
        let holdsOverrides = entries.keys.contains { $0.hasSuffix(FeatureFlagID.debugKeySuffix) }
        for flag in flags {
            let override = holdsOverrides ? Self.override(of: flag) { entries[$0] } : nil
            body(state(of: flag, override: override, readOnce: true))
        }
    }

    private func state(of flag: FeatureFlagID, override: PrefEntry?, readOnce: Bool = false) -> FeatureFlagState {
        let nimbus = readOnce ? nimbusLayer.explainNimbusValueReadOnce(for: flag) : nimbusLayer.explainNimbusValue(for: flag)
        let overrideWins = honorsOverrides && override != nil
        return FeatureFlagState(
            flag: flag,
            enabled: overrideWins ? override!.value.boolValue! : nimbus.enabled,
            source: overrideWins ? .override : nimbus.source,
            override: override?.value.boolValue,
            overrideSetAt: override?.updatedAt,
            nimbus: nimbus)
    }
}

/// A flag's value with its explanation, as `flags get --json` and the menu show it.
///
/// ```swift
/// let state = provider.state(of: flag)
/// print(state.enabled, state.source.summary, state.nimbus.enabled)
/// ```
public struct FeatureFlagState: Sendable, Hashable {
    public var flag: FeatureFlagID
    /// What `isEnabled` returns.
    public var enabled: Bool
    public var source: FlagValueSource
    /// The stored override, honored or not (a release preview shows it as inactive).
    public var override: Bool?
    /// When the override was set, in seconds since 1970.
    public var overrideSetAt: Double?
    /// What Nimbus gives without the override.
    public var nimbus: NimbusFlagValue

    /// An override is stored but this build or preview ignores it.
    public var overrideIsInactive: Bool { override != nil && source != .override }
}
