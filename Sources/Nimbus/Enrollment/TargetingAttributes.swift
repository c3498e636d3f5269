import Formats
/// What JEXL targeting can read about one client, computed as the Nimbus SDK computes it: the
/// app's `AppContext` (`stateful/matcher.rs`) and the SDK's own `TargetingAttributes`
/// (`stateful/evaluator.rs`), serialized the way serde serializes them.
///
/// Use it to build a `NimbusClient`, or to show QA the context a record is evaluated in
/// (`flags context`). Each attribute comes from the app (`appName`, `appVersion`, `os`, ...),
/// from the SDK's state for this client (`daysSinceInstall`, `daysSinceUpdate`, `enrollments`,
/// `nimbusID`), or from the clock (`currentDate`). How `context` is shaped follows serde:
/// - an attribute the app does not set is `null`, not absent (the SDK's `Option` fields have no
///   `skip_serializing_if`), so `os_version == null` is true and `os_version|versionCompare(…)`
///   fails as on a device that does not set it;
/// - `customTargetingAttributes` is flattened into the top level after the `AppContext` fields,
///   so a custom `app_version` replaces the app's, while `language`, `region`,
///   `is_already_enrolled`, `days_since_*`, the enrollment sets, `current_date` and `nimbus_id`,
///   written later, replace a custom attribute of the same name;
/// - `active_experiments` and `enrollments` are sets (JSON lists; the SDK's order is a hash
///   set's, so no targeting should index them; here they are sorted), `enrollments_map` an object slug → branch, and
///   `current_date` whole seconds since 1970.
///
/// ```swift
/// var attributes = TargetingAttributes(appName: "firefox_ios", appId: "org.mozilla.ios.Firefox", channel: "beta")
/// attributes.locale = "en-US"          // language "en", region "US"
/// attributes.context["os_version"]     // .null
/// ```
public struct TargetingAttributes: Sendable, Hashable {
    public var appName: String
    public var appId: String
    public var channel: String
    public var appVersion: String?
    public var appBuild: String?
    public var architecture: String?
    public var deviceManufacturer: String?
    public var deviceModel: String?
    /// Setting it sets `language` and `region` as the SDK splits it (`en-US` → `en`, `US`).
    public var locale: String? {
        didSet { (language, region) = locale.map(Self.splitLocale) ?? (nil, nil) }
    }
    public var os: String?
    public var osVersion: String?
    public var androidSdkVersion: String?
    public var debugTag: String?
    /// Milliseconds since 1970, when the app gives it; it then decides `days_since_install`.
    public var installationDate: Int?
    /// The app's own attributes (Firefox for iOS: `is_first_run`, `isFirstRun`, ...).
    public var customTargetingAttributes: [String: JSONValue]?

    public var language: String?
    public var region: String?
    public var isAlreadyEnrolled = false
    public var daysSinceInstall: Int?
    public var daysSinceUpdate: Int?
    /// Slugs of the records the client is enrolled in now.
    public var activeExperiments: Set<String> = []
    /// Slugs of the records the client is or was enrolled in (enrolled, disqualified, ended).
    public var enrollments: Set<String> = []
    /// Slug → branch, for every slug in `enrollments`.
    public var enrollmentsMap: [String: String] = [:]
    /// Seconds since 1970.
    public var currentDate = 0
    public var nimbusID: String?

    public init(appName: String, appId: String, channel: String) {
        self.appName = appName
        self.appId = appId
        self.channel = channel
    }

    /// The SDK's `split_locale`: the part before the first `-` is the language, the part after
    /// it up to the next `-` the region, an empty part none (`nim-` → `nim`, none; `-BUS` →
    /// none, `BUS`); a locale without `-` is all language.
    public static func splitLocale(_ locale: String) -> (language: String?, region: String?) {
        guard locale.contains("-") else { return (locale, nil) }
        let parts = locale.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        func nonEmpty(_ index: Int) -> String? { index < parts.count && !parts[index].isEmpty ? String(parts[index]) : nil }
        return (nonEmpty(0), nonEmpty(1))
    }

    /// Whole days from `then` to `now` (both seconds since 1970), truncated toward zero as
    /// chrono's `num_days` does.
    public static func days(from then: Int, to now: Int) -> Int { (now - then) / 86_400 }

    /// Sets `daysSinceInstall`, `daysSinceUpdate` and `currentDate` from the install and update
    /// times (seconds since 1970), as the SDK's `update_time_to_now` does; an `installationDate`
    /// from the app wins over `installedAt`.
    public mutating func updateTime(now: Int, installedAt: Int?, updatedAt: Int?) {
        let install = installationDate.map { $0 / 1000 } ?? installedAt
        daysSinceInstall = install.map { Self.days(from: $0, to: now) }
        daysSinceUpdate = updatedAt.map { Self.days(from: $0, to: now) }
        currentDate = now
    }

    /// Applies one record's enrollment to the enrollment sets, as the SDK's `update_enrollment`:
    /// enrolled adds to all three; disqualified or ended leaves `active_experiments` and keeps the
    /// others; not enrolled (or an error) removes it from all three.
    public mutating func update(with enrollment: StoredEnrollment) {
        let slug = enrollment.slug
        switch enrollment.state {
        case .enrolled(let branch):
            activeExperiments.insert(slug)
            enrollments.insert(slug)
            enrollmentsMap[slug] = branch
        case .disqualified(let branch, _), .wasEnrolled(let branch, _):
            activeExperiments.remove(slug)
            enrollments.insert(slug)
            enrollmentsMap[slug] = branch
        case .notEnrolled, .error:
            activeExperiments.remove(slug)
            enrollments.remove(slug)
            enrollmentsMap[slug] = nil
        }
    }

    /// The attributes as the JEXL context, in the SDK's serialization order (a later key replaces
    /// an earlier one, as serde's flatten writes them into one map).
    public var context: [String: JSONValue] {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        var context: [String: JSONValue] = [
            "app_name": .string(appName), "app_id": .string(appId), "channel": .string(channel),
            "app_version": text(appVersion), "app_build": text(appBuild), "architecture": text(architecture),
            "device_manufacturer": text(deviceManufacturer), "device_model": text(deviceModel), "locale": text(locale),
            "os": text(os), "os_version": text(osVersion), "android_sdk_version": text(androidSdkVersion),
            "debug_tag": text(debugTag), "installation_date": installationDate.map(JSONValue.int) ?? .null,
        ]
        context.merge(customTargetingAttributes ?? [:]) { _, custom in custom }
        context["language"] = text(language)
        context["region"] = text(region)
        context["is_already_enrolled"] = .bool(isAlreadyEnrolled)
        context["days_since_install"] = daysSinceInstall.map(JSONValue.int) ?? .null
        context["days_since_update"] = daysSinceUpdate.map(JSONValue.int) ?? .null
        context["active_experiments"] = Self.list(activeExperiments)
        context["enrollments"] = Self.list(enrollments)
        context["enrollments_map"] = .object(enrollmentsMap.mapValues(JSONValue.string))
        context["current_date"] = .int(currentDate)
        context["nimbus_id"] = text(nimbusID)
        return context
    }

    /// A set as a JSON list, sorted so the same set always prints the same (the SDK's order is a
    /// hash set's, which no targeting can rely on).
    static func list(_ slugs: Set<String>) -> JSONValue {
        // For ASCII text (slugs are) `<` is the bytes' order, and compares them in place:
        // comparing the two UTF-8 views element by element made sorting a thousand enrollments
        // over a millisecond of every evaluation, which the context does twice.
        let sorted = slugs.allSatisfy(isASCII) ? slugs.sorted() : slugs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return .array(sorted.map(JSONValue.string))
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The names `context` writes itself, in the SDK's order (custom attributes go after
    /// `installation_date`).
    public static let attributeNames = [
        "app_name", "app_id", "channel", "app_version", "app_build", "architecture", "device_manufacturer", "device_model",
        "locale", "os", "os_version", "android_sdk_version", "debug_tag", "installation_date",
        "language", "region", "is_already_enrolled", "days_since_install", "days_since_update",
        "active_experiments", "enrollments", "enrollments_map", "current_date", "nimbus_id",
    ]

    /// The JSON kind (`JSONValue.kindName`) of a built-in attribute, as the SDK's `AppContext`
    /// and targeting attributes declare it; nil for a custom one. A value of another kind
    /// misleads targeting quietly (`versionCompare` refuses a number), so it is worth a warning.
    public static func kindName(of name: String) -> String? {
        switch name {
        case "installation_date", "days_since_install", "days_since_update", "current_date": "integer"
        case "is_already_enrolled": "boolean"
        case "active_experiments", "enrollments": "list"
        case "enrollments_map": "object"
        default: attributeNames.contains(name) ? "string" : nil
        }
    }

    /// The `AppContext` fields an app (its registry) may set, by their JSON names.
    public static let appContextNames = Array(attributeNames.prefix(14))

    /// Sets the `AppContext` field called `name` (a string field, or `installation_date` an
    /// integer); returns false when `name` is not one, or `value` is not of its kind.
    public mutating func setAppContext(_ name: String, to value: JSONValue) -> Bool {
        if name == "installation_date" {
            guard case .int(let int) = value else { return false }
            installationDate = int
            return true
        }
        guard case .string(let text) = value else { return false }
        switch name {
        case "app_name": appName = text
        case "app_id": appId = text
        case "channel": channel = text
        case "app_version": appVersion = text
        case "app_build": appBuild = text
        case "architecture": architecture = text
        case "device_manufacturer": deviceManufacturer = text
        case "device_model": deviceModel = text
        case "locale": locale = text
        case "os": os = text
        case "os_version": osVersion = text
        case "android_sdk_version": androidSdkVersion = text
        case "debug_tag": debugTag = text
        default: return false
        }
        return true
    }
}
