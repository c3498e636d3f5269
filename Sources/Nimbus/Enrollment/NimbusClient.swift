#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats

/// The client a set of experiment records is evaluated for: who it is (nimbus id), which app
/// and channel it runs, its targeting attributes, what it was enrolled in at the previous
/// evaluation, and whether the user opted out.
///
/// Use it as the input to `EnrollmentEvaluator` (one evaluation on its own) or
/// `EnrollmentEvolver` (an evaluation that follows the previous one, as a device's). `context`
/// is what JEXL targeting reads: `attributes.context` (the SDK's attributes, `TargetingAttributes`)
/// with `extraContext` over it, which wins over everything (`flags --context`).
///
/// ```swift
/// var attributes = TargetingAttributes(appName: "firefox_ios", appId: "org.mozilla.ios.Firefox", channel: "beta")
/// attributes.locale = "en-US"
/// let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", attributes: attributes,
///                           extraContext: ["app_version": "114.1"])
/// client.context["language"]  // .string("en")
/// ```
public struct NimbusClient: Sendable, Hashable {
    /// The id hashed for bucketing: a hyphenated UUID in lowercase, as the Nimbus SDK writes it
    /// (the initializer lowercases it, since the hash of `"ABC…"` differs from that of `"abc…"`).
    public var nimbusID: String
    /// `app_name` as targeting sees it (a custom or `--context` one wins): the SDK checks a
    /// record's `appName` against the context's.
    public var appName: String
    public var appId: String
    /// `channel` as targeting sees it, compared with a record's `channel`.
    public var channel: String
    /// The attributes before `extraContext`, with the enrollments of the previous evaluation.
    public var attributes: TargetingAttributes
    /// What targeting expressions can read.
    public var context: [String: JSONValue]
    /// Keys set by `extraContext`: evaluation never replaces them, not even the enrollment sets.
    public var pinnedContextKeys: Set<String>
    /// The user turned off experiments; rollouts are governed separately.
    public var experimentsOptOut: Bool
    /// The user turned off rollouts.
    public var rolloutsOptOut: Bool
    /// Slugs this client is already enrolled in; targeting sees `is_already_enrolled == true`
    /// for those records.
    public var alreadyEnrolledSlugs: Set<String>
    /// The enrollments the previous evaluation left (`EnrollmentEvolver` starts from them).
    public var previousEnrollments: [StoredEnrollment]

    /// A client with the SDK's attributes. The enrollment sets of `attributes` are filled from
    /// `previousEnrollments` (as the SDK does before evaluating), and `nimbus_id` is the id.
    public init(
        nimbusID: String,
        attributes: TargetingAttributes,
        extraContext: [String: JSONValue] = [:],
        experimentsOptOut: Bool = false,
        rolloutsOptOut: Bool = false,
        previousEnrollments: [StoredEnrollment] = []
    ) {
        self.nimbusID = nimbusID.lowercased()
        var attributes = attributes
        attributes.nimbusID = self.nimbusID
        for enrollment in previousEnrollments { attributes.update(with: enrollment) }
        self.attributes = attributes
        self.experimentsOptOut = experimentsOptOut
        self.rolloutsOptOut = rolloutsOptOut
        self.previousEnrollments = previousEnrollments
        alreadyEnrolledSlugs = Set(previousEnrollments.filter(\.isEnrolled).map(\.slug))
        var context = attributes.context
        context.merge(extraContext) { _, extra in extra }
        self.context = context
        pinnedContextKeys = Set(extraContext.keys)
        appName = context["app_name"]?.stringValue ?? attributes.appName
        appId = context["app_id"]?.stringValue ?? attributes.appId
        channel = context["channel"]?.stringValue ?? attributes.channel
    }

    /// Whether `record` is for this app, by the one rule the Nimbus SDK has: a record's `appName`
    /// must equal the context's `app_name`, and a record without one, or a context whose
    /// `app_name` is not a string, is not filtered by app (application-services
    /// `components/nimbus/src/evaluator.rs`, `is_experiment_available`). Enrolling, forcing a
    /// branch and publishing all ask this, so none of them compares the registry's `app:`.
    public func isForThisApp(_ record: ExperimentRecord) -> Bool {
        guard let recordApp = record.appName, case .string(let mine)? = context["app_name"] else { return true }
        return recordApp == mine
    }

    /// A client built from the few facts most callers have; the other attributes are unset
    /// (`null`, as on a device that does not set them), `is_first_run` is a custom attribute as
    /// Firefox for iOS sets it, and `current_date` is now.
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
        var attributes = TargetingAttributes(appName: appName, appId: appId, channel: channel)
        attributes.locale = locale
        attributes.customTargetingAttributes = ["is_first_run": .bool(isFirstRun)]
        attributes.updateTime(now: Int(Date().timeIntervalSince1970), installedAt: nil, updatedAt: nil)
        attributes.daysSinceInstall = daysSinceInstall
        self.init(nimbusID: nimbusID, attributes: attributes, extraContext: extraContext,
                  experimentsOptOut: experimentsOptOut, rolloutsOptOut: rolloutsOptOut)
        self.alreadyEnrolledSlugs = alreadyEnrolledSlugs
    }
}
