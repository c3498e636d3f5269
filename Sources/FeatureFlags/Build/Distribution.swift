/// How a build reaches people, as a SwiftUI app's trunk-based setup names it: `debug` (a
/// developer's build), `testflight` (testers), `appstore` (everyone).
///
/// `Distribution.current` is fixed at compile time: `-Xswiftc -DAPPSTORE` is an App Store build,
/// `-Xswiftc -DTESTFLIGHT` a TestFlight build; without either, the distribution follows the
/// channel (`swift build` is debug, `-DMOZ_CHANNEL_beta` testflight, a plain `-c release`
/// appstore). Each maps onto the override gate: debug → developer, testflight → beta, appstore →
/// release, so an App Store build honors no override and has no debug menu. A build whose
/// conditions disagree (`-DAPPSTORE` in a debug build, `-DTESTFLIGHT` with `-DAPPSTORE`) does
/// not compile.
///
/// ```swift
/// switch Distribution.current {
/// case .debug: showEverything()
/// case .testflight: skipPaywall()
/// case .appstore: shipWhatIsFinished()
/// }
/// ```
public enum Distribution: String, CaseIterable, Sendable {
    case debug, testflight, appstore

    /// The distribution this binary was built for.
    public static var current: Distribution { CompileConditions.current.distribution }

    /// The distribution a build of `channel` is, when no distribution condition says otherwise.
    public init(channel: BuildChannel) {
        switch channel {
        case .developer: self = .debug
        case .beta: self = .testflight
        case .release: self = .appstore
        }
    }

    /// The override gate's channel for this distribution.
    public var channel: BuildChannel {
        switch self {
        case .debug: .developer
        case .testflight: .beta
        case .appstore: .release
        }
    }
}

// The two kinds of condition must agree, or the build would be a guess: the rule of
// `CompileConditions.conflict`, which its tests check for every combination, made a compile error.
#if APPSTORE && TESTFLIGHT
#error("APPSTORE and TESTFLIGHT are both defined: a build is one distribution; define one of them")
#elseif APPSTORE && (MOZ_CHANNEL_developer || MOZ_CHANNEL_beta)
#error("APPSTORE is defined in a developer or beta build (MOZ_CHANNEL_developer or MOZ_CHANNEL_beta): an App Store build is a release build; build it with `swift build -c release -Xswiftc -DAPPSTORE`")
#elseif TESTFLIGHT && MOZ_CHANNEL_developer
#error("TESTFLIGHT is defined in a developer build (MOZ_CHANNEL_developer, which `swift build` defines): a TestFlight build is a beta build; build it with `swift build -c release -Xswiftc -DTESTFLIGHT`")
#endif
