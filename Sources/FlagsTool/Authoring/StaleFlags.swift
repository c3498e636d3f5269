import FeatureFlags
import FML
import Nimbus

/// The flags an app can delete: shipped, untested and unused by anyone, each with the reasons.
///
/// Flags are temporary: once a feature has shipped everywhere, its flag only adds a branch to the
/// code. A flag is listed when all of these hold:
/// - its value is the same in every channel of the manifest and of the build (the manifest default
///   of its feature variable, resolved per channel; a flag with a hard-coded `default` and no Nimbus feature
///   has that value everywhere);
/// - no experiment or rollout record sets its variable in any branch, whether this client is
///   enrolled or not (a record for another channel or a paused one still counts: it may run again);
/// - no debug override of it is in the store;
/// - users cannot switch it themselves (no `userPrefsKey`): that is a setting, not a temporary flag.
///
/// A listed flag is one of two kinds, which call for opposite code changes: `shipped` (on
/// everywhere: keep the code it turns on) and `neverShipped` (off everywhere: the feature never
/// reached anyone, so its code goes with the flag, unless the work goes on).
///
/// `kept` says why each other flag stays. Entries have a `kind`, so the compile-time build flags
/// (a flag equal in every distribution) can join the same report.
///
/// ```swift
/// let stale = StaleFlags(environment: environment)
/// stale.entries.map(\.id)        // ["kitchenDisplay", "orderTracking", "promoBanner"]
/// stale.entries[0].reasons[0]    // "on in every channel (developer, beta, release)"
/// ```
public struct StaleFlags: Sendable, Hashable {
    /// What an entry is: a Nimbus or hard-coded flag of the registry's `flags:` section, or a
    /// compile-time flag of its `build-flags:` (one value per distribution).
    public enum Kind: String, Sendable, Hashable {
        case flag
        case buildFlag = "build-flag"
    }

    /// One flag with what the report found about it.
    public struct Entry: Sendable, Hashable {
        public var kind: Kind
        public var id: String
        /// The value it has everywhere (the branch to keep in the app's code); nil for a kept
        /// flag whose value differs.
        public var value: Bool?
        /// For a listed flag, why it can go; for a kept one, why it stays.
        public var reasons: [String]

        public init(kind: Kind = .flag, id: String, value: Bool?, reasons: [String]) {
            self.kind = kind
            self.id = id
            self.value = value
            self.reasons = reasons
        }
    }

    /// The flags that can be deleted, sorted by id.
    public var entries: [Entry]
    /// The listed flags that are on everywhere: delete the flag, keep the code it turns on.
    public var shipped: [Entry] { entries.filter { $0.value == true } }
    /// The listed flags that are off everywhere: delete the flag and the code it would turn on.
    public var neverShipped: [Entry] { entries.filter { $0.value != true } }
    /// The other flags, sorted by id, each with why it stays.
    public var kept: [Entry]
    /// What may make the list wrong: records that could not be read, which may set a listed flag.
    public var caveats: [String]

    /// - Parameters:
    ///   - records: every experiment and rollout record of the app, enrolled or not.
    ///   - unreadRecords: records that could not be read, by name; a flag they set cannot be seen.
    ///   - recordsProblem: why no records could be read at all, if so.
    ///   - hasRecordSource: false when the app names no experiment records at all.
    ///   - override: the stored debug override of a flag, if any.
    public init(registry: FeatureFlagRegistry, records: [ExperimentRecord], unreadRecords: [String] = [],
                recordsProblem: String? = nil, hasRecordSource: Bool = true, override: (FeatureFlagID) -> Bool?) {
        let touched = Self.recordsSetting(records)
        // The manifest's channels, and any channel a build resolves (as `channels:` maps it)
        // that the manifest lacks (the app resolves those too, to the variables' plain defaults).
        let builds = BuildChannel.allCases.map(registry.channels.manifestChannel(for:))
        let channels = registry.manifest.channels + builds.filter { !registry.manifest.channels.contains($0) }
        var entries: [Entry] = [], kept: [Entry] = []
        for flag in registry.flags {
            let (value, valueReason) = Self.sameValue(of: flag, in: registry.manifest, channels: channels)
            var keepReasons: [String] = []
            if value == nil { keepReasons.append(valueReason) }
            var reasons = [valueReason]
            if let nimbus = flag.definition.nimbus {
                let setters = touched[nimbus] ?? []
                if setters.isEmpty {
                    reasons.append("no experiment or rollout sets \(nimbus.feature).\(nimbus.variable)")
                } else {
                    keepReasons.append("set by " + setters.map { "\($0.isRollout ? "rollout" : "experiment") \($0.slug)" }.joined(separator: ", "))
                }
            } else {
                reasons.append("no Nimbus feature, so no experiment or rollout can set it")
            }
            if !flag.isDebuggable {
                reasons.append("not debuggable, so never overridden")
            } else if let stored = override(flag) {
                keepReasons.append("a debug override (\(stored ? "on" : "off")) is stored under \(flag.debugKey!); `flags reset \(flag.rawValue)` clears it")
            } else {
                reasons.append("no debug override stored")
            }
            if let key = flag.userPrefsKey {
                keepReasons.append("users switch it themselves (userPrefsKey \(key))")
            }
            if keepReasons.isEmpty {
                entries.append(Entry(id: flag.rawValue, value: value, reasons: reasons))
            } else {
                kept.append(Entry(id: flag.rawValue, value: value, reasons: keepReasons))
            }
        }
        // A build flag has shipped once debug, testflight and appstore agree: nothing at run time
        // can change it, so no record or override can keep it.
        for flag in registry.buildFlags {
            let values = Distribution.allCases.map { "\($0.rawValue) \(flag.value(in: $0) ? "on" : "off")" }.joined(separator: ", ")
            if flag.isSettled {
                let value = flag.value(in: .appstore)
                entries.append(Entry(kind: .buildFlag, id: flag.name, value: value,
                                     reasons: ["build flag \(value ? "on" : "off") in every distribution (\(values))"]))
            } else {
                kept.append(Entry(kind: .buildFlag, id: flag.name, value: nil, reasons: ["build flag that differs by distribution (\(values))"]))
            }
        }
        self.entries = entries.sorted { $0.id < $1.id }
        self.kept = kept.sorted { $0.id < $1.id }
        var caveats: [String] = []
        if !hasRecordSource {
            caveats.append("the registry names no experiment records (`experiments:`) and none were given with --experiments: "
                           + "a flag that an experiment on the server sets may be listed")
        }
        if let recordsProblem {
            caveats.append("no experiment records could be read (\(recordsProblem)): a flag an experiment sets may be listed")
        }
        if !unreadRecords.isEmpty {
            // A few names are enough to find them; `flags experiments` lists every one.
            let shown = unreadRecords.prefix(Self.namedUnreadRecords).joined(separator: ", ")
                + (unreadRecords.count > Self.namedUnreadRecords ? " and \(unreadRecords.count - Self.namedUnreadRecords) more" : "")
            caveats.append("\(unreadRecords.count) record(s) could not be read (\(shown); see `flags experiments`): "
                           + "a flag one of them sets may be listed")
        }
        self.caveats = caveats
    }

    /// How many unreadable records a caveat names.
    static let namedUnreadRecords = 5

    /// The report for an opened app: its registry, every record it loaded and its store.
    public init(environment: FlagsEnvironment) {
        let entries = environment.prefs.allEntries()
        self.init(registry: environment.registry, records: environment.experiments.records,
                  unreadRecords: environment.experiments.skipped.map(\.name), recordsProblem: environment.experiments.loadProblem,
                  hasRecordSource: environment.experiments.source != nil) { flag in
            flag.debugKey.flatMap { entries[$0]?.value.boolValue }
        }
    }

    /// The records that set each feature variable in at least one branch, in record order.
    private static func recordsSetting(_ records: [ExperimentRecord]) -> [FeatureFlagDefinition.NimbusVariable: [ExperimentRecord]] {
        var setters: [FeatureFlagDefinition.NimbusVariable: [ExperimentRecord]] = [:]
        for record in records {
            var variables: Set<FeatureFlagDefinition.NimbusVariable> = []
            for branch in record.branches {
                for config in branch.features {
                    for variable in config.value.keys {
                        variables.insert(.init(feature: config.featureId, variable: variable))
                    }
                }
            }
            for variable in variables { setters[variable, default: []].append(record) }
        }
        return setters
    }

    /// The flag's value when it is the same in every channel, with the sentence that says so, or
    /// nil with the values per channel.
    private static func sameValue(of flag: FeatureFlagID, in manifest: FeatureManifest, channels: [String]) -> (Bool?, String) {
        guard let nimbus = flag.definition.nimbus else {
            // As the Nimbus layer answers for a flag without a feature.
            let value = flag.definition.fallback ?? false
            return (value, "hard-coded default: \(onOff(value)) (no Nimbus feature)")
        }
        // As the Nimbus layer reads the variable for a channel: absent or not a Boolean is off.
        let values = channels.map { manifest.defaultValue(forFeature: nimbus.feature, variable: nimbus.variable, channel: $0)?.boolValue ?? false }
        if let first = values.first, values.allSatisfy({ $0 == first }) {
            return (first, "\(onOff(first)) in every channel (\(channels.joined(separator: ", ")))")
        }
        let perChannel = zip(channels, values).map { "\(onOff($1)) in \($0)" }.joined(separator: ", ")
        return (nil, "differs by channel: \(perChannel)")
    }

    private static func onOff(_ value: Bool) -> String { value ? "on" : "off" }
}
