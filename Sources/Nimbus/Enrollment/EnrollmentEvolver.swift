/// Evaluates experiment records for a client the way a device does at each start: from the
/// enrolments the previous evaluation left (`NimbusClient.previousEnrollments`), following the
/// Nimbus SDK's `EnrollmentsEvolver` (`components/nimbus/src/enrollment.rs`).
///
/// Use it where enrolment persists between runs (the `flags` tool keeps it in the store; see
/// `NimbusClientStore`), and `EnrollmentEvaluator` for a one-off evaluation. What the previous
/// evaluation changes, as in the SDK:
/// - a client enrolled stays in its branch while the record is live, even when enrolment is
///   paused or ratios change; targeting sees `is_already_enrolled == true` for it;
/// - when targeting (or the app or channel) stops matching it is **disqualified**, when the
///   bucket range no longer holds it likewise, and when the user opts out or its branch is
///   removed; a disqualified client is never enrolled again (a rollout is, once it matches);
/// - when a record it was in disappears the enrolment is kept as **ended** for a year; an
///   experiment that comes back is not enrolled again at once;
/// - rollouts are evaluated before experiments, each pool with its earlier enrolments first
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
        /// The enrolments to keep for the next evaluation, by slug.
        public var enrollments: [StoredEnrollment]
        /// The targeting attributes after the evaluation (its enrolment sets).
        public var attributes: TargetingAttributes
    }

    /// How long an ended enrolment is remembered (the SDK's `PREVIOUS_ENROLLMENTS_GC_TIME`).
    public static let endedEnrollmentLifetime = 365 * 86_400

    /// - Parameter now: seconds since 1970, the time an ended enrolment is stamped with.
    public static func evolve(records: [ExperimentRecord], client: NimbusClient, now: Int) -> Outcome {
        var pass = Pass(records: records, client: client, now: now)
        pass.run(rollouts: true)
        pass.run(rollouts: false)
        let results = records.indices.map { EnrollmentResult(record: records[$0], status: pass.statuses[$0] ?? .notEnrolled(.endedBefore)) }
        return Outcome(results: results, enrollments: pass.next.sorted { $0.slug.utf8.lexicographicallyPrecedes($1.slug.utf8) },
                       attributes: pass.attributes)
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
        var client: NimbusClient
        var attributes: TargetingAttributes
        var statuses: [EnrollmentStatus?]
        var next: [StoredEnrollment] = []
        let positions: [String: Int]
        let previous: [String: StoredEnrollment]

        init(records: [ExperimentRecord], client: NimbusClient, now: Int) {
            self.records = records
            self.now = now
            self.client = client
            attributes = client.attributes
            statuses = Array(repeating: nil, count: records.count)
            var positions: [String: Int] = [:]
            for (index, record) in records.enumerated() where positions[record.slug] == nil { positions[record.slug] = index }
            self.positions = positions
            previous = Dictionary(client.previousEnrollments.map { ($0.slug, $0) }) { _, last in last }
        }

        mutating func run(rollouts: Bool) {
            var heldFeatures: Set<String> = []
            let earlier = client.previousEnrollments.filter { $0.isRollout == rollouts }
                .sorted { $0.slug.utf8.lexicographicallyPrecedes($1.slug.utf8) }
            for enrollment in earlier {
                if case .notEnrolled(featureConflict: true) = enrollment.state { continue }
                let position = positions[enrollment.slug].flatMap { records[$0].isRollout == rollouts ? $0 : nil }
                let (state, status) = evolve(enrollment, record: position.map { records[$0] })
                if let position { statuses[position] = status }
                // As in the SDK, an enrolment that is dropped leaves the sets as they were for
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
            records.indices.filter { records[$0].isRollout == rollouts }.sorted { lhs, rhs in
                switch (records[lhs].publishedDate, records[rhs].publishedDate) {
                case (nil, nil): return lhs < rhs
                case (nil, _): return true
                case (_, nil): return false
                case (let a?, let b?): return a == b ? lhs < rhs : a.utf8.lexicographicallyPrecedes(b.utf8)
                }
            }
        }

        /// Keeps `state`, and brings the enrolment sets of the attributes and of the context up
        /// to date, one slug at a time: rebuilding a list of a thousand enrolments after each
        /// of a thousand records would make the pass quadratic.
        mutating func keep(_ state: StoredEnrollment) {
            next.append(state)
            let slug = state.slug
            let before = (attributes.activeExperiments.contains(slug), attributes.enrollments.contains(slug), attributes.enrollmentsMap[slug])
            attributes.update(with: state)
            let after = (attributes.activeExperiments.contains(slug), attributes.enrollments.contains(slug), attributes.enrollmentsMap[slug])
            if before.0 != after.0 { change("active_experiments") { list in after.0 ? list.append(.string(slug)) : list.removeAll { $0 == .string(slug) } } }
            if before.1 != after.1 { change("enrollments") { list in after.1 ? list.append(.string(slug)) : list.removeAll { $0 == .string(slug) } } }
            if before.2 != after.2, !client.pinnedContextKeys.contains("enrollments_map") {
                var map = client.context.removeValue(forKey: "enrollments_map")?.objectValue ?? [:]
                map[slug] = after.2.map(JSONValue.string)
                client.context["enrollments_map"] = .object(map)
            }
        }

        /// Changes the list `key` of the context in place, unless `--context` pinned it.
        mutating func change(_ key: String, _ body: (inout [JSONValue]) -> Void) {
            guard !client.pinnedContextKeys.contains(key) else { return }
            var list = client.context.removeValue(forKey: key)?.arrayValue ?? []
            body(&list)
            client.context[key] = .array(list)
        }

        /// One record's status for the client as it is now (`checks`: with the opt-out and pause
        /// checks of a new enrolment).
        mutating func evaluate(_ record: ExperimentRecord, alreadyEnrolled: Bool, checks: Bool) -> EnrollmentStatus {
            let pinned = client.pinnedContextKeys.contains("is_already_enrolled")
            if !pinned { client.context["is_already_enrolled"] = .bool(alreadyEnrolled) }
            defer { if !pinned { client.context["is_already_enrolled"] = .bool(false) } }
            // `status(of:for:)` also reads `alreadyEnrolledSlugs`; the context above is what counts here.
            let saved = client.alreadyEnrolledSlugs
            client.alreadyEnrolledSlugs = []
            defer { client.alreadyEnrolledSlugs = saved }
            return checks ? EnrollmentEvaluator.status(of: record, for: client) : EnrollmentEvaluator.qualification(of: record, for: client)
        }

        /// The SDK's `evolve_enrollment` for a record the client has an earlier enrolment in:
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
