import FeatureFlags

/// The last lines of the home screen: which build this is, what it does with debug overrides,
/// which experiments and rollouts the client is in, and which store it reads.
///
/// Use it to make the build channel visible: the same store looks different in a release build,
/// which ignores overrides, than in a developer or beta build, which honors them.
///
/// ```swift
/// let footer = AppFooter(channel: .release, storedOverrides: 2, storePath: "/tmp/prefs.sqlite")
/// footer.channelLine   // "build channel: release · 2 overrides stored, all ignored"
/// ```
public struct AppFooter: Sendable, Hashable {
    public var channel: BuildChannel
    /// How many debug overrides the store holds, honored or not.
    public var storedOverrides: Int
    /// The store's path; nil leaves the line out (tests, documentation).
    public var storePath: String?
    /// The distribution this build is, and the app's build flags, whose values it fixes.
    public var distribution: Distribution
    public var buildFlags: [BuildFlagDefinition]
    /// The records the client is enrolled in, as `slug/branch`, a forced one marked `(forced)`.
    public var enrollments: [String]

    public init(channel: BuildChannel = .current, storedOverrides: Int, storePath: String?,
                distribution: Distribution = .current, buildFlags: [BuildFlagDefinition] = [], enrollments: [String] = []) {
        self.channel = channel
        self.storedOverrides = storedOverrides
        self.storePath = storePath
        self.distribution = distribution
        self.buildFlags = buildFlags
        self.enrollments = enrollments
    }

    /// The footer for an opened environment: its build channel, its store, its overrides (of
    /// flags, and the forced branches and feature values of Nimbus) and its enrollments.
    public init(environment: FlagsEnvironment) {
        let flagOverrides = environment.registry.flags.filter { environment.provider.debugOverride(for: $0) != nil }.count
        let nimbus = NimbusOverrideStore(prefs: environment.prefs).overrides
        let experiments = environment.experiments
        let enrollments = experiments.enrollments.compactMap { result -> String? in
            guard let branch = result.status.branch else { return nil }
            return "\(result.slug)/\(branch)" + (experiments.overrides.forcedBranches[result.slug] == branch ? " (forced)" : "")
        }
        self.init(channel: .current, storedOverrides: flagOverrides + nimbus.forcedBranches.count + nimbus.featureOverrideCount,
                  storePath: environment.storePath, distribution: .current, buildFlags: environment.registry.buildFlags,
                  enrollments: enrollments)
    }

    /// `enrolled in dark-kitchen-rollout/rollout · new-menu-test/treatment (forced)`: what Nimbus
    /// decided for this client, so forcing a branch in the menu shows here at once. Nil when in none.
    public var enrollmentsLine: String? {
        enrollments.isEmpty ? nil : "enrolled in " + enrollments.joined(separator: " · ")
    }

    /// `appstore build · featureX off · requirePaywall on`: what this distribution's build flags
    /// are, the difference between a debug, a TestFlight and an App Store build of the same code.
    /// Nil when the app declares no build flags.
    public var distributionLine: String? {
        guard !buildFlags.isEmpty else { return nil }
        return (["\(distribution.rawValue) build"] + buildFlags.map { "\($0.name) \($0.value(in: distribution) ? "on" : "off")" })
            .joined(separator: " · ")
    }

    /// `build channel: beta · 1 override honored`, or for release `… · 1 override stored, ignored`.
    public var channelLine: String {
        let count = storedOverrides == 1 ? "1 override" : "\(storedOverrides) overrides"
        let overrides: String
        if storedOverrides == 0 {
            overrides = channel.allowsDebugOverrides ? "no overrides" : "overrides are never honored"
        } else if channel.allowsDebugOverrides {
            overrides = "\(count) honored"
        } else {
            overrides = storedOverrides == 1 ? "1 override stored, ignored" : "\(count) stored, all ignored"
        }
        return "build channel: \(channel.rawValue) · \(overrides)"
    }
}
