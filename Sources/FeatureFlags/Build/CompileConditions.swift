/// The compilation conditions that decide what a build is: `MOZ_CHANNEL_developer` (which
/// `swift build` defines), `MOZ_CHANNEL_beta`, `TESTFLIGHT` and `APPSTORE` (given with
/// `-Xswiftc -D…`).
///
/// The channel and distribution of a build are functions of these conditions, written once
/// here, so the rule can be checked for every combination inside one developer build's tests;
/// only `current` reads the conditions this binary was compiled with. Building the other
/// configurations for real, and checking their binaries, is CI's job (`.ci/release-gate`).
///
/// ```swift
/// let testFlight: CompileConditions = [.testflight]
/// testFlight.channel        // .beta: overrides are honored
/// testFlight.distribution   // .testflight
/// ```
public struct CompileConditions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let developer = CompileConditions(rawValue: 1 << 0)
    public static let beta = CompileConditions(rawValue: 1 << 1)
    public static let testflight = CompileConditions(rawValue: 1 << 2)
    public static let appstore = CompileConditions(rawValue: 1 << 3)

    /// Each condition with the name a compiler flag gives it.
    public static let names: [(CompileConditions, String)] = [
        (.developer, "MOZ_CHANNEL_developer"), (.beta, "MOZ_CHANNEL_beta"), (.testflight, "TESTFLIGHT"), (.appstore, "APPSTORE"),
    ]

    /// Every combination of the four conditions, the ones that do not compile included.
    public static let allCombinations: [CompileConditions] = (0..<16).map { CompileConditions(rawValue: UInt8($0)) }

    /// The conditions this binary was compiled with.
    public static var current: CompileConditions {
        var conditions: CompileConditions = []
        #if MOZ_CHANNEL_developer
        conditions.insert(.developer)
        #endif
        #if MOZ_CHANNEL_beta
        conditions.insert(.beta)
        #endif
        #if TESTFLIGHT
        conditions.insert(.testflight)
        #endif
        #if APPSTORE
        conditions.insert(.appstore)
        #endif
        return conditions
    }

    /// The override gate's channel: developer when `swift build` says so, beta for a beta or
    /// TestFlight build, release otherwise (a plain `-c release` build, or the App Store).
    public var channel: BuildChannel {
        if contains(.developer) { return .developer }
        if contains(.beta) || contains(.testflight) { return .beta }
        return .release
    }

    /// The distribution: the one a distribution condition names, else the channel's own.
    public var distribution: Distribution {
        if contains(.appstore) { return .appstore }
        if contains(.testflight) { return .testflight }
        return Distribution(channel: channel)
    }

    /// Why a build with these conditions must not compile (`Distribution.swift` turns the same
    /// rule into `#error`), or nil: an App Store build that is also a developer, beta or
    /// TestFlight build, or a TestFlight build that is a developer one, would be a guess.
    public var conflict: String? {
        if contains([.appstore, .testflight]) {
            return "APPSTORE and TESTFLIGHT are both defined: a build is one distribution; define one of them"
        }
        if contains(.appstore), !isDisjoint(with: [.developer, .beta]) {
            return "APPSTORE is defined in a developer or beta build (MOZ_CHANNEL_developer or MOZ_CHANNEL_beta): "
                + "an App Store build is a release build; build it with `swift build -c release -Xswiftc -DAPPSTORE`"
        }
        if contains([.testflight, .developer]) {
            return "TESTFLIGHT is defined in a developer build (MOZ_CHANNEL_developer, which `swift build` defines): "
                + "a TestFlight build is a beta build; build it with `swift build -c release -Xswiftc -DTESTFLIGHT`"
        }
        return nil
    }

    /// The conditions as compiler flags would name them, `-D` omitted: `MOZ_CHANNEL_beta TESTFLIGHT`.
    public var description: String {
        let defined = Self.names.filter { contains($0.0) }.map(\.1)
        return defined.isEmpty ? "(none)" : defined.joined(separator: " ")
    }
}
