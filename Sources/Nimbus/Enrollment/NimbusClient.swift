/// The client a set of experiment records is evaluated for: who it is (nimbus id), which app
/// and channel it runs, its targeting context, and whether the user opted out.
///
/// Use it as the input to `EnrollmentEvaluator`. The targeting context holds what JEXL
/// targeting can read: `app_name`, `app_id`, `channel`, `locale`, `language`, `region`,
/// `is_already_enrolled`, `days_since_install`, `is_first_run`, plus anything in
/// `extraContext` (which wins over the built-in keys, e.g. to add `app_version`).
///
/// ```swift
/// let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6",
///                           appName: "firefox_ios", appId: "org.mozilla.ios.Firefox",
///                           channel: "beta", locale: "en-US",
///                           extraContext: ["app_version": "114.1"])
/// client.context["language"]  // .string("en")
/// ```
public struct NimbusClient: Sendable, Hashable {
    /// The id hashed for bucketing: a hyphenated UUID in lowercase, as the Nimbus SDK writes it
    /// (the initializer lowercases it, since the hash of `"ABC…"` differs from that of `"abc…"`).
    public var nimbusID: String
    public var appName: String
    public var appId: String
    public var channel: String
    /// What targeting expressions can read.
    public var context: [String: JSONValue]
    /// The user turned off experiments; rollouts are governed separately.
    public var experimentsOptOut: Bool
    /// The user turned off rollouts.
    public var rolloutsOptOut: Bool
    /// Slugs this client is already enrolled in; targeting sees `is_already_enrolled == true`
    /// for those records (the Nimbus SDK keeps this in its database; here the caller supplies it).
    public var alreadyEnrolledSlugs: Set<String>

    public init(
        nimbusID: String,
        appName: String,
        appId: String,
        channel: String,
        locale: String = "en-US",
        daysSinceInstall: Int = 0,
        isFirstRun: Bool = false,
        extraContext: [String: JSONValue] = [:],
        experimentsOptOut: Bool = false,
        rolloutsOptOut: Bool = false,
        alreadyEnrolledSlugs: Set<String> = []
    ) {
        self.nimbusID = nimbusID.lowercased()
        self.appName = appName
        self.appId = appId
        self.channel = channel
        self.experimentsOptOut = experimentsOptOut
        self.rolloutsOptOut = rolloutsOptOut
        self.alreadyEnrolledSlugs = alreadyEnrolledSlugs
        var context: [String: JSONValue] = [
            "app_name": .string(appName),
            "app_id": .string(appId),
            "channel": .string(channel),
            "locale": .string(locale),
            "is_already_enrolled": .bool(false),
            "days_since_install": .int(daysSinceInstall),
            "is_first_run": .bool(isFirstRun),
        ]
        // Split as the Nimbus SDK does: "en-US" gives language "en" and region "US"; a region
        // is only defined when the locale has one, so targeting on it otherwise is an error.
        let parts = locale.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        if let language = parts.first, !language.isEmpty { context["language"] = .string(String(language)) }
        if parts.count > 1 {
            let region = parts[1].prefix { $0 != "-" }
            if !region.isEmpty { context["region"] = .string(String(region)) }
        }
        context.merge(extraContext) { _, extra in extra }
        self.context = context
    }
}
