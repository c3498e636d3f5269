/// How the build channels (`developer`, `beta`, `release`, the override gate) are named among
/// the channels of the app's manifest, whose defaults the app resolves.
///
/// The two are separate notions: a build channel decides whether debug overrides exist; a
/// manifest channel picks the `defaults` blocks. Firefox for iOS names them alike; an app
/// whose manifest says `debug` where the build says `developer` maps it in its registry:
///
/// ```yaml
/// channels:
///   developer: debug
/// ```
///
/// ```swift
/// let map = ChannelMap([.developer: "debug"])
/// map.manifestChannel(for: .developer)   // "debug"
/// map.manifestChannel(for: .beta)        // "beta": unmapped channels keep their name
/// map.buildChannel(for: "debug")         // .developer
/// ```
public struct ChannelMap: Sendable, Hashable {
    /// The mapped build channels only.
    public let names: [BuildChannel: String]

    public init(_ names: [BuildChannel: String] = [:]) {
        self.names = names
    }

    /// The manifest channel a build of `build` resolves its defaults for.
    public func manifestChannel(for build: BuildChannel) -> String {
        names[build] ?? build.rawValue
    }

    /// The build channel whose override rules go with `manifestChannel`: the one mapped to it,
    /// else the one of that name; nil for a manifest channel no build channel stands for (Fenix's
    /// `nightly`), which a build previews under its own rules.
    public func buildChannel(for manifestChannel: String) -> BuildChannel? {
        if let mapped = BuildChannel.allCases.first(where: { names[$0] == manifestChannel }) { return mapped }
        guard let named = BuildChannel(rawValue: manifestChannel), names[named] == nil else { return nil }
        return named
    }

    /// The declared manifest channel `text` names: itself (exactly, else ignoring case), or the
    /// channel a build channel of that name is mapped to. Nil when it names none of `declared`.
    public func manifestChannel(named text: String, among declared: [String]) -> String? {
        if declared.contains(text) { return text }
        if let match = declared.first(where: { $0.lowercased() == text.lowercased() }) { return match }
        if let build = BuildChannel(rawValue: text.lowercased()), let mapped = names[build], declared.contains(mapped) { return mapped }
        return nil
    }
}
