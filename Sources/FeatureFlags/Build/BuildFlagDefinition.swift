/// One compile-time flag of an app, as the registry's `build-flags:` section declares it: a value
/// for each distribution, fixed when the app is built and never changed at run time.
///
/// Trunk-based work merges unfinished features and ships them dark: on in Debug, on or off in
/// TestFlight, off in the App Store until done. Such flags are temporary: once the feature has
/// shipped and the three values agree, `flags stale` lists the flag for deletion.
///
/// ```yaml
/// build-flags:
///   requirePaywall: { description: Ask for a subscription, debug: false, testflight: false, appstore: true }
/// ```
public struct BuildFlagDefinition: Sendable, Hashable {
    public let name: String
    public let description: String
    /// The value in each distribution; every distribution has one.
    public let values: [Distribution: Bool]

    public init(name: String, description: String, values: [Distribution: Bool]) {
        self.name = name
        self.description = description
        self.values = values
    }

    /// The flag's value in `distribution`.
    public func value(in distribution: Distribution) -> Bool { values[distribution] ?? false }

    /// Whether every distribution has the same value: the flag has shipped and can go.
    public var isSettled: Bool { Set(Distribution.allCases.map(value(in:))).count == 1 }
}
