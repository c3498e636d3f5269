/// A channel as an app or the command line names it (`--channel`): a channel of the manifest
/// (`nightly`), or a build channel (`.beta`), which the registry's `channels:` may map.
///
/// Use it for `FlagsOptions.channel`; the environment checks it against the manifest when it
/// opens (`FeatureFlagRegistry.manifestChannel(named:)`).
///
/// ```swift
/// FlagsOptions(configPath: "feature-flags.yaml", channel: .release)
/// FlagsOptions(configPath: "feature-flags.yaml", channel: "nightly")
/// ```
public struct ChannelName: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as given.
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The name of a build channel.
    public init(_ build: BuildChannel) {
        self.init(build.rawValue)
    }

    public static let developer = ChannelName(BuildChannel.developer)
    public static let beta = ChannelName(BuildChannel.beta)
    public static let release = ChannelName(BuildChannel.release)

    public var description: String { text }
}
