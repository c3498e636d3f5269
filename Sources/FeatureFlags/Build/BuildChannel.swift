/// The channel a build was compiled for: `developer`, `beta`, `release`. It is the override
/// gate, not the Nimbus channel: which `defaults` apply is the manifest's channel, which the
/// registry's `channels:` maps this one to when the names differ (`ChannelMap`).
///
/// `BuildChannel.current` is fixed at compile time: `swift build` defines `MOZ_CHANNEL_developer`,
/// `-Xswiftc -DMOZ_CHANNEL_beta` (or `-DTESTFLIGHT`, see `Distribution`) makes a beta build, and a
/// plain `-c release` build (or `-DAPPSTORE`) is `release`. Debug overrides are honored only in
/// developer and beta builds.
///
/// ```swift
/// if BuildChannel.current.allowsDebugOverrides { … }
/// ```
public enum BuildChannel: String, CaseIterable, Sendable, Comparable {
    case developer, beta, release

    /// The channel this binary was built for.
    public static var current: BuildChannel { CompileConditions.current.channel }

    /// Whether a build of this channel lets a debug override change a flag.
    public var allowsDebugOverrides: Bool { self != .release }

    public static func < (lhs: BuildChannel, rhs: BuildChannel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
