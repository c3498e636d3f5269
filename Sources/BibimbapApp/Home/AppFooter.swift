import FeatureFlags

/// The last lines of the home screen: which build this is, what it does with debug overrides,
/// and which store it reads.
///
/// Use it to make the build channel visible: the same store looks different in a release build,
/// which ignores overrides, than in a developer or beta build, which honours them.
///
/// ```swift
/// let footer = AppFooter(channel: .release, storedOverrides: 2, storePath: "/tmp/prefs.sqlite")
/// footer.channelLine   // "build channel: release · 2 overrides stored, all ignored"
/// ```
public struct AppFooter: Sendable, Hashable {
    public var channel: BuildChannel
    /// How many debug overrides the store holds, honoured or not.
    public var storedOverrides: Int
    /// The store's path; nil leaves the line out (tests, documentation).
    public var storePath: String?
    /// The distribution this build is, and the app's build flags, whose values it fixes.
    public var distribution: Distribution
    public var buildFlags: [BuildFlagDefinition]

    public init(channel: BuildChannel = .current, storedOverrides: Int, storePath: String?,
                distribution: Distribution = .current, buildFlags: [BuildFlagDefinition] = []) {
        self.channel = channel
        self.storedOverrides = storedOverrides
        self.storePath = storePath
        self.distribution = distribution
        self.buildFlags = buildFlags
    }

    /// The footer for an opened environment: its build channel, its store and its overrides.
    public init(environment: FlagsEnvironment) {
        let overrides = environment.registry.flags.filter { environment.provider.debugOverride(for: $0) != nil }.count
        self.init(channel: .current, storedOverrides: overrides, storePath: environment.storePath,
                  distribution: .current, buildFlags: environment.registry.buildFlags)
    }

    /// `appstore build · featureX off · requirePaywall on`: what this distribution's build flags
    /// are, the difference between a debug, a TestFlight and an App Store build of the same code.
    /// Nil when the app declares no build flags.
    public var distributionLine: String? {
        guard !buildFlags.isEmpty else { return nil }
        return (["\(distribution.rawValue) build"] + buildFlags.map { "\($0.name) \($0.value(in: distribution) ? "on" : "off")" })
            .joined(separator: " · ")
    }

    /// `build channel: beta · 1 override honoured`, or for release `… · 1 override stored, ignored`.
    public var channelLine: String {
        let count = storedOverrides == 1 ? "1 override" : "\(storedOverrides) overrides"
        let overrides: String
        if storedOverrides == 0 {
            overrides = channel.allowsDebugOverrides ? "no overrides" : "overrides are never honoured"
        } else if channel.allowsDebugOverrides {
            overrides = "\(count) honoured"
        } else {
            overrides = storedOverrides == 1 ? "1 override stored, ignored" : "\(count) stored, all ignored"
        }
        return "build channel: \(channel.rawValue) · \(overrides)"
    }
}
