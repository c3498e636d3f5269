import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import Prefs
import TestHelpers
import Testing

/// The channel gate as a function of the compile conditions, for every combination, inside this
/// one developer build: what each configuration CI builds (`.ci/release-gate`) must be, and what
/// a store's debug overrides do to it. Building those configurations and checking their binaries
/// is left to CI, so that `swift test` needs no second build.
@Suite struct CompileConditionsTests {
    /// The configurations docs/APPS.md ("The channel gate") and CI build, with what each must be.
    static let configurations: [(name: String, conditions: CompileConditions, channel: BuildChannel, distribution: Distribution)] = [
        ("swift build", [.developer], .developer, .debug),
        ("-c release -DMOZ_CHANNEL_beta", [.beta], .beta, .testflight),
        ("-c release", [], .release, .appstore),
        ("-c release -DTESTFLIGHT", [.testflight], .beta, .testflight),
        ("-c release -DAPPSTORE", [.appstore], .release, .appstore),
    ]

    @Test(arguments: configurations.indices)
    func eachConfigurationIsTheChannelAndDistributionItsFlagsSay(index: Int) {
        let configuration = Self.configurations[index]
        #expect(configuration.conditions.conflict == nil, "\(configuration.name)")
        #expect(configuration.conditions.channel == configuration.channel, "\(configuration.name)")
        #expect(configuration.conditions.distribution == configuration.distribution, "\(configuration.name)")
        #expect(configuration.conditions.distribution.channel == configuration.conditions.channel,
                "\(configuration.name): the distribution and the gate must agree")
    }

    /// An App Store build with any other condition, or a TestFlight build that is a developer
    /// build, is refused (`Distribution.swift` turns this into `#error`); every other combination
    /// is one distribution whose channel is the gate's.
    @Test func combinationsThatWouldBeAGuessAreTheOnesRefused() {
        let refused = CompileConditions.allCombinations.filter { $0.conflict != nil }
        let guesses = CompileConditions.allCombinations.filter {
            ($0.contains(.appstore) && $0 != [.appstore]) || $0.contains([.testflight, .developer])
        }
        #expect(Set(refused) == Set(guesses), "refused: \(refused), expected: \(guesses)")
        for conditions in CompileConditions.allCombinations where conditions.conflict == nil {
            #expect(conditions.distribution.channel == conditions.channel, "\(conditions)")
        }
        #expect(CompileConditions([.developer, .appstore]).conflict?.contains("swift build -c release -Xswiftc -DAPPSTORE") == true)
    }

    @Test func thisBuildsConditionsAreTheOnesItWasCompiledWith() {
        // Worked out here from the conditions, not read from CompileConditions.current.
        var expected: [String] = []
        #if MOZ_CHANNEL_developer
        expected.append("MOZ_CHANNEL_developer")
        #endif
        #if MOZ_CHANNEL_beta
        expected.append("MOZ_CHANNEL_beta")
        #endif
        #if TESTFLIGHT
        expected.append("TESTFLIGHT")
        #endif
        #if APPSTORE
        expected.append("APPSTORE")
        #endif
        #expect(CompileConditions.current.description == (expected.isEmpty ? "(none)" : expected.joined(separator: " ")))
        #expect(BuildChannel.current == CompileConditions.current.channel)
        #expect(Distribution.current == CompileConditions.current.distribution)
    }

    /// A store holding every kind of debug override (a flag's, a forced branch, a feature value
    /// set by hand), read by an app resolving for each configuration's channel: the overrides
    /// change its answers exactly where the configuration's channel allows them.
    @Test(arguments: configurations.indices)
    func aStoresOverridesChangeAnswersOnlyWhereTheConfigurationsChannelAllows(index: Int) throws {
        let configuration = Self.configurations[index]
        let folder = TemporaryDirectory()
        let registry = try BibimbapDemo.materialize(in: folder.file("app"))
        let store = folder.file("prefs.sqlite")
        func open() throws -> FlagsEnvironment {
            try FlagsEnvironment.open(FlagsOptions(configPath: registry, storePath: store, channel: ChannelName(configuration.channel),
                                                   nimbusID: "00000000-0000-4000-8000-000000000000",
                                                   environment: ["FLAGS_NO_CACHE": "1"]))
        }
        func answers(_ flags: FlagsEnvironment) throws -> [Bool] {
            try ["promoBanner", "newBibimbapMenu", "spicyMode"].map { flags.provider.isEnabled(try flags.registry.flag($0)) }
        }
        let natural = try answers(try open())

        let prefs = try SQLitePrefs(path: store)
        try prefs.setBool(!natural[0], forKey: "promoBannerDebugKey")
        let overrides = NimbusOverrideStore(prefs: prefs)
        // newBibimbapMenu reads the demo's new-menu-test experiment, which enrolls every client:
        // the branch forced is the one that gives the other value.
        try overrides.forceBranch(natural[1] ? "control" : "treatment", of: "new-menu-test")
        try overrides.setFeatureValue(.bool(!natural[2]), variable: "extra-gochujang", of: "bibimbap-feature")

        let honored = configuration.channel.allowsDebugOverrides
        #expect(honored == (configuration.distribution != .appstore), "\(configuration.name)")
        let expected = natural.map { honored ? !$0 : $0 }
        #expect(try answers(try open()) == expected,
                "\(configuration.name): promoBanner's override, new-menu-test's forced branch, bibimbap-feature.extra-gochujang set by hand")
    }
}
