/// Decides, for one client, which experiment records it is enrolled in and in which branch,
/// following the Nimbus SDK's rules.
///
/// Use it after reading records (`ExperimentRecordSet`) and before resolving features
/// (`FeatureResolver`). Each record goes through, in order: opt-out (experiments and rollouts
/// separately), `isEnrollmentPaused`, `appName`, `channel` (case-insensitive), targeting,
/// bucket, branch; the first check that fails gives the status. Then, separately among
/// experiments and among rollouts, each feature goes to one record: records are taken by
/// earliest `publishedDate` (records without one first, in input order, as the SDK sorts an
/// absent date before any date), and a later record touching a feature already held is
/// `.notEnrolled(.featureConflict)`. An experiment and a rollout may hold the same feature.
///
/// ```swift
/// let results = EnrollmentEvaluator.evaluate(records: set.records, client: client)
/// results.first?.status  // .enrolled(branch: "treatment")
/// ```
public enum EnrollmentEvaluator {
    /// The randomization unit mobile clients have; desktop's `normandy_id`/`group_id` are not.
    public static let randomizationUnit = "nimbus_id"

    /// One result per record, in the order of `records`. Targeting calls `transforms` (build
    /// them once for the whole evaluation: `JEXLTransforms.nimbus(events:now:)` for a client with
    /// an event store).
    public static func evaluate(records: [ExperimentRecord], client: NimbusClient,
                                transforms: JEXLTransforms = .stateless) -> [EnrollmentResult] {
        var results = records.map { EnrollmentResult(record: $0, status: status(of: $0, for: client, transforms: transforms)) }
        resolveFeatureConflicts(in: &results, rollouts: false)
        resolveFeatureConflicts(in: &results, rollouts: true)
        return results
    }

    /// The status of one record on its own, before feature conflicts are considered.
    public static func status(of record: ExperimentRecord, for client: NimbusClient,
                              transforms: JEXLTransforms = .stateless) -> EnrollmentStatus {
        if record.isFirefoxLabsOptIn { return .notEnrolled(.firefoxLabsOptIn) }
        if record.isRollout ? client.rolloutsOptOut : client.experimentsOptOut {
            return .notEnrolled(.optedOut)
        }
        if record.isEnrollmentPaused { return .notEnrolled(.paused) }
        return qualification(of: record, for: client, transforms: transforms)
    }

    /// The SDK's `evaluate_enrollment`: app, channel, targeting, bucket and branch, without the
    /// opt-out and pause checks, which do not apply to a client already enrolled.
    public static func qualification(of record: ExperimentRecord, for client: NimbusClient,
                                     transforms: JEXLTransforms = .stateless) -> EnrollmentStatus {
        if !client.isForThisApp(record) { return .notEnrolled(.otherApp) }
        // Case-insensitive, as the SDK does (channels are published as both "Release" and "release").
        if let channel = record.channel, channel != client.channel, channel.lowercased() != client.channel.lowercased() {
            return .notEnrolled(.otherChannel)
        }
        if let error = record.targetingError {
            return .error("targeting of `\(record.slug)` failed: \(error)")
        }
        if let targeting = record.targetingExpression {
            var context = client.context
            if !client.alreadyEnrolledSlugs.isEmpty, client.alreadyEnrolledSlugs.contains(record.slug) {
                context["is_already_enrolled"] = .bool(true)
            }
            do {
                let matches = try targeting.evaluateCondition(in: context, transforms: transforms)
                if !matches { return .notEnrolled(.notTargeted) }
            } catch {
                return .error("targeting of `\(record.slug)` failed: \(error.description(suggestingFrom: context))")
            }
        }
        let bucket = record.bucketConfig
        guard bucket.randomizationUnit == randomizationUnit else {
            return .error("`\(record.slug)` is randomized by `\(bucket.randomizationUnit)`; this client only has `\(randomizationUnit)`")
        }
        guard Sampling.bucketSample(nimbusID: client.nimbusID, namespace: bucket.namespace,
                                    start: bucket.start, count: bucket.count, total: bucket.total) else {
            return .notEnrolled(.notSelected)
        }
        // The branch input differs from the bucket input so branch choice is independent of
        // the bucket range; the "experimentmanager" prefix is the one every Nimbus SDK uses.
        let branches = record.branches
        // A single branch with a weight is chosen whatever the hash (every rollout): no ratios to gather.
        if branches.count == 1, branches[0].ratio > 0 { return .enrolled(branch: branches[0].slug) }
        let index = Sampling.ratioSample(nimbusID: client.nimbusID, slug: record.slug, ratios: branches.map(\.ratio))
        return .enrolled(branch: branches[index].slug)
    }

    /// A date's first 24 UTF-8 bytes as integers, in byte order (an absent date first): two
    /// keys compare as their dates' bytes do, unless both are equal and longer than 24 bytes.
    private struct DateKey: Comparable {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var length = -1

        init(_ date: String?) {
            guard var date else { return }
            length = date.utf8.count
            var bytes = [UInt8](repeating: 0, count: 24)
            date.withUTF8 { utf8 in for index in 0..<min(24, utf8.count) { bytes[index] = utf8[index] } }
            func word(_ start: Int) -> UInt64 { bytes[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) } }
            words = (word(0), word(8), word(16))
        }

        var isLong: Bool { length > 24 }

        static func < (lhs: DateKey, rhs: DateKey) -> Bool {
            if (lhs.length < 0) != (rhs.length < 0) { return lhs.length < 0 }
            if lhs.words != rhs.words { return lhs.words < rhs.words }
            return min(lhs.length, 24) < min(rhs.length, 24)
        }

        static func == (lhs: DateKey, rhs: DateKey) -> Bool {
            lhs.words == rhs.words && min(lhs.length, 24) == min(rhs.length, 24) && (lhs.length < 0) == (rhs.length < 0)
        }
    }

    /// Negative, zero or positive as `a`'s UTF-8 bytes sort before, with or after `b`'s.
    private static func byteOrder(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for index in 0..<min(x.count, y.count) where x[index] != y[index] { return Int(x[index]) - Int(y[index]) }
                return x.count - y.count
            }
        }
    }

    private static func resolveFeatureConflicts(in results: inout [EnrollmentResult], rollouts: Bool) {
        // Stable: equal dates (and absent dates, which sort first as upstream's `None` does) keep
        // input order. ISO 8601 UTC timestamps of one format sort as their bytes.
        // Positions break ties, so equal dates keep input order. Dates are compared by a key of
        // plain integers made once per record: comparing the strings inside the sort retained
        // and released them at every comparison, a third of the whole evaluation.
        let candidates = results.indices.filter { results[$0].isRollout == rollouts && results[$0].status.isEnrolled }
        let keys = candidates.map { DateKey(results[$0].record.publishedDate) }
        // Records usually come in date order already (or share one date): then there is nothing to sort.
        let inOrder = zip(keys, keys.dropFirst()).allSatisfy { !($1 < $0) && !$0.isLong }
        let ordered = inOrder ? candidates : keys.indices.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return keys[lhs] < keys[rhs] }
            if keys[lhs].isLong || keys[rhs].isLong, let a = results[candidates[lhs]].record.publishedDate, let b = results[candidates[rhs]].record.publishedDate {
                let order = byteOrder(a, b)
                if order != 0 { return order < 0 }
            }
            return lhs < rhs
        }.map { candidates[$0] }
        var heldFeatures: Set<String> = []
        heldFeatures.reserveCapacity(ordered.count)
        for index in ordered {
            let features = results[index].record.featureIds
            if features.count == 1 {
                // One hash instead of two: inserting says whether it was held already.
                if !heldFeatures.insert(features[0]).inserted { results[index].status = .notEnrolled(.featureConflict) }
            } else if features.contains(where: heldFeatures.contains) {
                results[index].status = .notEnrolled(.featureConflict)
            } else {
                heldFeatures.formUnion(features)
            }
        }
    }
}
