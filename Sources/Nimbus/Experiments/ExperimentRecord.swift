import Formats
/// One Nimbus experiment or rollout, as published to Remote Settings.
///
/// Use it to decide enrollment (`EnrollmentEvaluator`) and to read what each branch sets. The
/// record is read as the Nimbus SDK's serde model (`schema.rs`) reads it: its defaults apply
/// (`featureIds` `[]`, `isRollout` false, `bucketConfig.total` 10,000, a feature's `value`
/// `{}`), and what serde refuses is refused, so the SDK would drop the record too: a missing
/// required field, `null` in a field that is not optional, a float where an integer is
/// required, a `publishedDate` that is not RFC 3339, a randomization unit other than
/// `nimbus_id`/`user_id`. The error names the field. The fields the SDK does not read
/// (outcomes, probe sets, localizations, ...) are ignored, and the whole record stays
/// available in `json`.
///
/// ```swift
/// let record = try ExperimentRecord(json: try JSONParser.parse(text))
/// record.slug          // "firefox-ios-multifeature-test"
/// record.featureIds    // ["onboarding-default-browser", "homescreen"]
/// ```
public final class ExperimentRecord: Sendable, Hashable {
    public let schemaVersion: String
    public let slug: String
    public let userFacingName: String
    public let userFacingDescription: String
    public let isEnrollmentPaused: Bool
    public let bucketConfig: BucketConfig
    public let branches: [Branch]
    /// Days the enrollment period is planned to last.
    public let proposedEnrollment: Int

    /// The app this record is for (`firefox_ios`); nil means any app.
    public let appName: String?
    public let appId: String?
    /// The channel this record is for; compared case-insensitively; nil means any channel.
    public let channel: String?
    /// A JEXL expression over the client's targeting context; nil means everyone.
    public let targeting: String?
    /// `targeting` parsed once, when the record is read: a client evaluates every record on every
    /// start, and a menu again for each previewed channel. A syntax error is kept in
    /// `targetingError`, to be reported by enrollment for that record alone.
    public let targetingExpression: JEXLExpression?
    public let targetingError: JEXLError?
    /// Rollouts and experiments are enrolled separately, and an experiment's value wins.
    public let isRollout: Bool
    /// The features the record touches: `featureIds` when the record lists them, merged with
    /// every feature a branch sets, in first-seen order.
    public let featureIds: [String]
    /// ISO 8601 timestamp; decides which of two records on one feature wins (earliest).
    public let publishedDate: String?
    public let startDate: String?
    public let endDate: String?
    public let enrollmentEndDate: String?
    public let proposedDuration: Int?
    public let referenceBranch: String?
    /// A Firefox Labs opt-in: the SDK never enrolls a client in one by itself; the user opts in.
    public let isFirefoxLabsOptIn: Bool
    /// The record exactly as received.
    public var json: JSONValue { source.value }
    /// `json`, held whole or decoded from a snapshot when first asked for: a start reads every
    /// field above from each of a thousand records, and the whole record from none.
    let source: DeferredJSON

    // An immutable class, not a struct: every `EnrollmentResult` holds its record, and a client
    // evaluates every record on every start; copying a reference costs one retain where the
    // struct's ~25 fields each cost one (the benchmark's evaluation spent a quarter of its time
    // in retain/release). Every field is read from `json`, so records are equal when it is.
    public static func == (lhs: ExperimentRecord, rhs: ExperimentRecord) -> Bool {
        lhs === rhs || lhs.json == rhs.json
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(json)
    }

    public convenience init(json: JSONValue) throws(ExperimentRecordError) {
        var parses: [String: Result<JEXLExpression, JEXLError>] = [:]
        try self.init(json: json, targetingParses: &parses)
    }

    /// - Parameter targetingParses: targeting texts already parsed, by text. Records of one
    ///   collection share a handful of expressions; a thousand records parsed five.
    init(json: JSONValue, targetingParses: inout [String: Result<JEXLExpression, JEXLError>]) throws(ExperimentRecordError) {
        let fields = try RecordFields(json, path: "")
        schemaVersion = try fields.required("schemaVersion", RecordFields.string)
        slug = try fields.required("slug", RecordFields.string)
        userFacingName = try fields.required("userFacingName", RecordFields.string)
        userFacingDescription = try fields.required("userFacingDescription", RecordFields.string)
        isEnrollmentPaused = try fields.required("isEnrollmentPaused", RecordFields.bool)
        bucketConfig = try fields.required("bucketConfig") { value, path throws(ExperimentRecordError) in
            try BucketConfig(json: value, path: path())
        }
        let branchList = try fields.required("branches", RecordFields.array)
        var branches: [Branch] = []
        for (index, element) in branchList.enumerated() {
            branches.append(try Branch(json: element, path: "branches[\(index)]"))
        }
        // Sampling a branch needs at least one branch and a positive total weight.
        guard !branches.isEmpty else { throw ExperimentRecordError("field `branches` is empty") }
        guard branches.reduce(0, { $0 + $1.ratio }) > 0 else {
            throw ExperimentRecordError("field `branches` has ratios that add up to 0")
        }
        self.branches = branches
        proposedEnrollment = try fields.required("proposedEnrollment", RecordFields.unsigned32)

        appName = try fields.optional("appName", RecordFields.string)
        appId = try fields.optional("appId", RecordFields.string)
        channel = try fields.optional("channel", RecordFields.string)
        targeting = try fields.optional("targeting", RecordFields.string)
        (targetingExpression, targetingError) = Self.parseTargeting(targeting, reusing: &targetingParses)
        isRollout = try fields.defaulted("isRollout", false, RecordFields.bool)
        var featureIds = try fields.defaulted("featureIds", [], RecordFields.stringArray)
        for feature in branches.flatMap(\.features) where !featureIds.contains(feature.featureId) {
            featureIds.append(feature.featureId)
        }
        self.featureIds = featureIds
        publishedDate = try fields.optional("publishedDate", RecordFields.timestamp)
        startDate = try fields.optional("startDate", RecordFields.string)
        endDate = try fields.optional("endDate", RecordFields.string)
        // Not in the SDK's model, so never a reason to drop a record: kept when it is a string.
        enrollmentEndDate = fields.value("enrollmentEndDate")?.stringValue
        proposedDuration = try fields.optional("proposedDuration", RecordFields.unsigned32)
        referenceBranch = try fields.optional("referenceBranch", RecordFields.string)
        isFirefoxLabsOptIn = try fields.defaulted("isFirefoxLabsOptIn", false, RecordFields.bool)
        // Read only so a record the SDK cannot deserialize is dropped here too.
        _ = try fields.optional("firefoxLabsTitle", RecordFields.string)
        _ = try fields.optional("firefoxLabsDescription", RecordFields.string)
        _ = try fields.optional("firefoxLabsDescriptionLinks", RecordFields.stringMap)
        _ = try fields.defaulted("requiresRestart", false, RecordFields.bool)
        source = DeferredJSON(json)
    }

    /// A record whose fields were read before (from a snapshot, `ExperimentRecord+Snapshot`).
    init(schemaVersion: String, slug: String, userFacingName: String, userFacingDescription: String, isEnrollmentPaused: Bool,
         bucketConfig: BucketConfig, branches: [Branch], proposedEnrollment: Int, appName: String?, appId: String?,
         channel: String?, targeting: String?, targetingParses: inout [String: Result<JEXLExpression, JEXLError>],
         isRollout: Bool, featureIds: [String], publishedDate: String?, startDate: String?, endDate: String?,
         enrollmentEndDate: String?, proposedDuration: Int?, referenceBranch: String?, isFirefoxLabsOptIn: Bool, json: DeferredJSON) {
        self.schemaVersion = schemaVersion
        self.slug = slug
        self.userFacingName = userFacingName
        self.userFacingDescription = userFacingDescription
        self.isEnrollmentPaused = isEnrollmentPaused
        self.bucketConfig = bucketConfig
        self.branches = branches
        self.proposedEnrollment = proposedEnrollment
        self.appName = appName
        self.appId = appId
        self.channel = channel
        self.targeting = targeting
        (targetingExpression, targetingError) = Self.parseTargeting(targeting, reusing: &targetingParses)
        self.isRollout = isRollout
        self.featureIds = featureIds
        self.publishedDate = publishedDate
        self.startDate = startDate
        self.endDate = endDate
        self.enrollmentEndDate = enrollmentEndDate
        self.proposedDuration = proposedDuration
        self.referenceBranch = referenceBranch
        self.isFirefoxLabsOptIn = isFirefoxLabsOptIn
        source = json
    }

    /// `targeting` parsed, or its syntax error: parsed here, reported at enrollment, so a record
    /// with bad targeting is an error for this record only, and the others still apply.
    private static func parseTargeting(_ targeting: String?, reusing parses: inout [String: Result<JEXLExpression, JEXLError>])
        -> (JEXLExpression?, JEXLError?) {
        let parse = targeting.map { text in
            if let known = parses[text] { return known }
            let parse = Result { () throws(JEXLError) in try JEXLExpression(parse: text) }
            parses[text] = parse
            return parse
        }
        switch parse {
        case .success(let expression)?: return (expression, nil)
        case .failure(let error)?: return (nil, error)
        case nil: return (nil, nil)
        }
    }

    /// The branch called `slug`, if the record has one.
    public func branch(named slug: String) -> Branch? {
        branches.first { $0.slug == slug }
    }
}
