import Formats
/// Evaluates experiment records for a client the way a device does at each start: from the
/// enrollments the previous evaluation left (`NimbusClient.previousEnrollments`), following the
/// Nimbus SDK's `EnrollmentsEvolver` (`components/nimbus/src/enrollment.rs`).
///
/// Use it where enrollment persists between runs (the `flags` tool keeps it in the store; see
/// `NimbusClientStore`), and `EnrollmentEvaluator` for a one-off evaluation. What the previous
/// evaluation changes, as in the SDK:
/// - a client enrolled stays in its branch while the record is live, even when enrollment is
///   paused or ratios change; targeting sees `is_already_enrolled == true` for it;
/// - when targeting (or the app or channel) stops matching it is **disqualified**, when the
///   bucket range no longer holds it likewise, and when the user opts out or its branch is
///   removed; a disqualified client is never enrolled again (a rollout is, once it matches);
/// - when a record it was in disappears the enrollment is kept as **ended** for a year; an
///   experiment that comes back is not enrolled again at once;
/// - rollouts are evaluated before experiments, each pool with its earlier enrollments first
///   (holding their features) and then the new records by `publishedDate`; a new record
///   needing a held feature is a feature conflict without being evaluated;
/// - `active_experiments`, `enrollments` and `enrollments_map` change as each record is
///   decided, so a later record's targeting sees the earlier ones' results.
///
/// ```swift
/// let outcome = EnrollmentEvolver.evolve(records: set.records, client: client, now: now)
/// outcome.results        // one per record, in record order
/// outcome.enrollments    // to keep for the next evaluation
/// ```
public enum EnrollmentEvolver {
    /// What one evaluation decided.
    public struct Outcome: Sendable, Hashable {
        /// One result per record, in the order of the records.
        public var results: [EnrollmentResult]
        /// The enrollments to keep for the next evaluation, by slug.
        public var enrollments: [StoredEnrollment]
        /// The targeting attributes after the evaluation (its enrollment sets).
        public var attributes: TargetingAttributes
    }

    /// How long an ended enrollment is remembered (the SDK's `PREVIOUS_ENROLLMENTS_GC_TIME`).
    public static let endedEnrollmentLifetime = 365 * 86_400

    /// - Parameters:
    ///   - now: seconds since 1970, the time an ended enrollment is stamped with.
    ///   - transforms: what targeting calls (build them once for the whole evaluation).
    public static func evolve(records: [ExperimentRecord], client: NimbusClient, now: Int,
                              transforms: JEXLTransforms = .stateless) -> Outcome {
        var pass = Pass(records: records, client: client, now: now, transforms: transforms)
        pass.run(rollouts: true)
        pass.run(rollouts: false)
        let results = records.indices.map { EnrollmentResult(record: records[$0], status: pass.statuses[$0] ?? .notEnrolled(.endedBefore)) }
        // Slugs are ASCII, where `<` is their bytes' order (the SDK's database order).
        let enrollments = isSorted(pass.next) ? pass.next : pass.next.sorted { $0.slug < $1.slug }
        return Outcome(results: results, enrollments: enrollments, attributes: pass.attributes)
    }

    private static func isSorted(_ enrollments: [StoredEnrollment]) -> Bool {
        zip(enrollments, enrollments.dropFirst()).allSatisfy { $0.slug < $1.slug }
    }

    /// The enrollment sets of the context, as bits.
    struct EnrollmentSets: OptionSet, Hashable {
        let rawValue: UInt8
        static let activeExperiments = EnrollmentSets(rawValue: 1)
        static let enrollments = EnrollmentSets(rawValue: 2)
        static let enrollmentsMap = EnrollmentSets(rawValue: 4)

        var key: String {
            switch self {
            case .activeExperiments: "active_experiments"
            case .enrollments: "enrollments"
            default: "enrollments_map"
            }
        }
    }

    /// The state a fresh result leaves.
    static func stored(_ status: EnrollmentStatus, slug: String, isRollout: Bool) -> StoredEnrollment {
        let state: StoredEnrollment.State = switch status {
        case .enrolled(let branch): .enrolled(branch: branch)
        case .notEnrolled(.featureConflict): .notEnrolled(featureConflict: true)
        case .notEnrolled: .notEnrolled(featureConflict: false)
        case .error: .error
        }
        return StoredEnrollment(slug: slug, isRollout: isRollout, state: state)
    }

    private struct Pass {
        let records: [ExperimentRecord]
        let now: Int
        let transforms: JEXLTransforms
        var client: NimbusClient
        var attributes: TargetingAttributes
        var statuses: [EnrollmentStatus?]
        var next: [StoredEnrollment] = []
        let positions: [String: Int]
        let previous: [String: StoredEnrollment]
        /// Enrollment sets changed since the context's copy was written.
        var staleKeys: EnrollmentSets = []
        var namedSets: [String: EnrollmentSets] = [:]

        init(records: [ExperimentRecord], client: NimbusClient, now: Int, transforms: JEXLTransforms) {
            self.records = records
            self.now = now
            self.transforms = transforms
            self.client = client
            // `is_already_enrolled` comes from the context here; `status(of:for:)` would also
            // set it for these slugs, whatever the record's enrollment now.
            self.client.alreadyEnrolledSlugs = []
            attributes = client.attributes
            statuses = Array(repeating: nil, count: records.count)
            var positions: [String: Int] = [:]
            for (index, record) in records.enumerated() where positions[record.slug] == nil { positions[record.slug] = index }
            self.positions = positions
            previous = Dictionary(client.previousEnrollments.map { ($0.slug, $0) }) { _, last in last }
        }

        mutating func run(rollouts: Bool) {
            var heldFeatures: Set<String> = []
            let pool = client.previousEnrollments.filter { $0.isRollout == rollouts }
            let earlier = EnrollmentEvolver.isSorted(pool) ? pool : pool.sorted { $0.slug < $1.slug }
            for enrollment in earlier {
                if case .notEnrolled(featureConflict: true) = enrollment.state { continue }
                let position = positions[enrollment.slug].flatMap { records[$0].isRollout == rollouts ? $0 : nil }
                let (state, status) = evolve(enrollment, record: position.map { records[$0] })
                if let position { statuses[position] = status }
                // As in the SDK, an enrollment that is dropped leaves the sets as they were for
                // the rest of this pass.
                guard let state else { continue }
                keep(state)
                if state.isEnrolled, let position { heldFeatures.formUnion(records[position].featureIds) }
            }
            for position in publishedOrder(rollouts: rollouts) {
                let record = records[position]
                if let earlier = previous[record.slug], earlier.isRollout == rollouts {
                    guard case .notEnrolled(featureConflict: true) = earlier.state else { continue }
                }
                if record.featureIds.contains(where: heldFeatures.contains) {
                    statuses[position] = .notEnrolled(.featureConflict)
                    next.append(StoredEnrollment(slug: record.slug, isRollout: rollouts, state: .notEnrolled(featureConflict: true)))
                    continue
                }
                let status = evaluate(record, alreadyEnrolled: false, checks: true)
                statuses[position] = status
                keep(stored(status, slug: record.slug, isRollout: rollouts))
                if status.isEnrolled { heldFeatures.formUnion(record.featureIds) }
            }
        }

        /// The records of one pool, earliest `publishedDate` first (records without one first),
        /// in record order among equals: the SDK's stable sort on an `Option<DateTime>`.
        func publishedOrder(rollouts: Bool) -> [Int] {
            let pool = records.indices.filter { records[$0].isRollout == rollouts }
            // Dates are ASCII (RFC 3339), where `<` is their bytes' order.
            func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
                switch (records[lhs].publishedDate, records[rhs].publishedDate) {
                case (nil, nil): return lhs < rhs
                case (nil, _): return true
                case (_, nil): return false
                case (let a?, let b?): return a == b ? lhs < rhs : a < b
                }
            }
            // Records usually come in date order already: then there is nothing to sort.
            return zip(pool, pool.dropFirst()).allSatisfy { precedes($0, $1) } ? pool : pool.sorted(by: precedes)
        }

        /// Keeps `state` and updates the enrollment sets of the attributes. The context's copies
        /// are brought up to date only before a targeting that names them is evaluated: writing a
        /// list of a thousand enrollments into the context after each of a thousand records made
        /// the pass quadratic, and most targeting never reads them.
        mutating func keep(_ state: StoredEnrollment) {
            next.append(state)
            let slug = state.slug
            let before = (attributes.activeExperiments.contains(slug), attributes.enrollments.contains(slug), attributes.enrollmentsMap[slug])
            attributes.update(with: state)
            // What `update(with:)` leaves for the slug, known from the state without looking it up again.
            let after: (Bool, Bool, String?) = switch state.state {
            case .enrolled(let branch): (true, true, branch)
            case .disqualified(let branch, _), .wasEnrolled(let branch, _): (false, true, branch)
            case .notEnrolled, .error: (false, false, nil)
            }
            if before.0 != after.0 { staleKeys.insert(.activeExperiments) }
            if before.1 != after.1 { staleKeys.insert(.enrollments) }
            if before.2 != after.2 { staleKeys.insert(.enrollmentsMap) }
        }

        /// The enrollment sets a targeting text may read, found by name (a superset: `enrollments`
        /// also matches inside `enrollments_map`); worked out once per text.
        mutating func setsNamed(by record: ExperimentRecord) -> EnrollmentSets {
            guard let text = record.targeting else { return [] }
            if let known = namedSets[text] { return known }
            var sets: EnrollmentSets = []
            if text.contains("active_experiments") { sets.insert(.activeExperiments) }
            if text.contains("enrollments") { sets.insert(.enrollments) }
            if text.contains("enrollments_map") { sets.insert(.enrollmentsMap) }
            namedSets[text] = sets
            return sets
        }

        /// One record's status for the client as it is now (`checks`: with the opt-out and pause
        /// checks of a new enrollment).
        mutating func evaluate(_ record: ExperimentRecord, alreadyEnrolled: Bool, checks: Bool) -> EnrollmentStatus {
            let stale = staleKeys.intersection(setsNamed(by: record))
            if !stale.isEmpty {
                for set in [EnrollmentSets.activeExperiments, .enrollments, .enrollmentsMap] where stale.contains(set) {
                    staleKeys.remove(set)
                    guard !client.pinnedContextKeys.contains(set.key) else { continue }
                    // In the set's own order, as the SDK's hash set has one: sorting is for display.
                    client.context[set.key] = switch set {
                    case .activeExperiments: .array(attributes.activeExperiments.map(JSONValue.string))
                    case .enrollments: .array(attributes.enrollments.map(JSONValue.string))
                    default: .object(attributes.enrollmentsMap.mapValues(JSONValue.string))
                    }
                }
            }
            // `is_already_enrolled` is false in the context but while a client's own enrollment is
            // evaluated again.
            let flagged = alreadyEnrolled && !client.pinnedContextKeys.contains("is_already_enrolled")
            if flagged { client.context["is_already_enrolled"] = .bool(true) }
            defer { if flagged { client.context["is_already_enrolled"] = .bool(false) } }
            return checks ? EnrollmentEvaluator.status(of: record, for: client, transforms: transforms)
                : EnrollmentEvaluator.qualification(of: record, for: client, transforms: transforms)
        }

        /// The SDK's `evolve_enrollment` for a record the client has an earlier enrollment in:
        /// the state to keep (nil: forget it) and the record's status now (nil: no record).
        mutating func evolve(_ earlier: StoredEnrollment, record: ExperimentRecord?) -> (StoredEnrollment?, EnrollmentStatus?) {
            func kept(_ state: StoredEnrollment.State) -> StoredEnrollment {
                StoredEnrollment(slug: earlier.slug, isRollout: earlier.isRollout, state: state)
            }
            guard let record else {
                switch earlier.state {
                case .enrolled(let branch), .disqualified(let branch, _): return (kept(.wasEnrolled(branch: branch, endedAt: now)), nil)
                case .wasEnrolled(_, let endedAt): return (now - endedAt < endedEnrollmentLifetime ? earlier : nil, nil)
                case .notEnrolled, .error: return (nil, nil)
                }
            }
            if record.isFirefoxLabsOptIn, !earlier.isEnrolled { return (earlier, .notEnrolled(.firefoxLabsOptIn)) }
            let optedOut = (record.isRollout ? client.rolloutsOptOut : client.experimentsOptOut) && !record.isFirefoxLabsOptIn
            switch earlier.state {
            case .notEnrolled, .error:
                if optedOut { return (earlier, .notEnrolled(.optedOut)) }
                if record.isEnrollmentPaused { return (earlier, .notEnrolled(.paused)) }
                let status = evaluate(record, alreadyEnrolled: false, checks: false)
                return (stored(status, slug: record.slug, isRollout: record.isRollout), status)
            case .enrolled(let branch):
                func disqualified(_ reason: Disqualification) -> (StoredEnrollment?, EnrollmentStatus?) {
                    (kept(.disqualified(branch: branch, reason: reason)), .notEnrolled(.disqualified(reason)))
                }
                if optedOut { return disqualified(.optedOut) }
                if record.branch(named: branch) == nil { return disqualified(.error) }
                switch evaluate(record, alreadyEnrolled: true, checks: false) {
                case .error: return disqualified(.error)
                case .notEnrolled(.notSelected): return disqualified(.notSelected)
                case .notEnrolled(.otherApp), .notEnrolled(.otherChannel), .notEnrolled(.notTargeted): return disqualified(.notTargeted)
                default: return (earlier, .enrolled(branch: branch))
                }
            case .disqualified(let branch, let reason):
                if optedOut { return (kept(.disqualified(branch: branch, reason: .optedOut)), .notEnrolled(.disqualified(.optedOut))) }
                if record.isRollout, [.notSelected, .notTargeted, .optedOut].contains(reason) {
                    let status = evaluate(record, alreadyEnrolled: false, checks: false)
                    if status.isEnrolled { return (stored(status, slug: record.slug, isRollout: true), status) }
                }
                return (earlier, .notEnrolled(.disqualified(reason)))
            case .wasEnrolled:
                guard record.isRollout else { return (nil, .notEnrolled(.endedBefore)) }
                let status = evaluate(record, alreadyEnrolled: false, checks: true)
                return (stored(status, slug: record.slug, isRollout: true), status)
            }
        }
    }
}
