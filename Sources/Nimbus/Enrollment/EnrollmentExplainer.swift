import Formats
/// Why a client is, or is not, enrolled in a record, as a sentence with the facts behind it: the
/// part of the targeting that failed and the values it read, the client's bucket and the
/// record's range, the record holding a conflicting feature, the app or channel it is for.
///
/// Use it to answer the question QA asks most ("why is this device not in it?"); enrollment itself
/// never calls it. It evaluates targeting again, with the evaluator, context and transforms
/// enrollment used, so what it says is what enrollment decided.
///
/// ```swift
/// let facts = EnrollmentExplainer(client: client, transforms: transforms, results: results)
/// facts.reason(of: results[0])
/// // "targeting did not match: `language == 'ko'` is false (language is \"en\")"
/// ```
public struct EnrollmentExplainer: Sendable {
    /// The client as enrollment saw it (`NimbusExperiments.client`).
    public var client: NimbusClient
    /// The transforms targeting was evaluated with.
    public var transforms: JEXLTransforms
    /// Every record's result of the same evaluation, to find the record that won a feature.
    public let results: [EnrollmentResult]
    /// The first enrolled record holding each feature, experiments and rollouts apart, when
    /// `indexingFeatureHolders()` made it: explaining every record of a large collection then
    /// stays linear, while explaining one record needs no index.
    private var holders: [HolderKey: String]?

    /// Values longer than this are cut in a sentence (an enrollment list of a thousand slugs).
    static let longestValueText = 80

    private struct HolderKey: Hashable, Sendable {
        var feature: String
        var isRollout: Bool
    }

    public init(client: NimbusClient, transforms: JEXLTransforms = .stateless, results: [EnrollmentResult] = []) {
        self.client = client
        self.transforms = transforms
        self.results = results
    }

    /// This explainer with the holders of every feature found once, for explaining many records.
    public func indexingFeatureHolders() -> EnrollmentExplainer {
        var indexed = self
        var holders: [HolderKey: String] = [:]
        for result in results where result.status.isEnrolled {
            for feature in result.record.featureIds {
                let key = HolderKey(feature: feature, isRollout: result.isRollout)
                if holders[key] == nil { holders[key] = result.slug }
            }
        }
        indexed.holders = holders
        return indexed
    }

    /// The status in words: "enrolled in branch `b`", "not enrolled: <reason>", "error: …".
    public func explanation(of result: EnrollmentResult) -> String {
        switch result.status {
        case .enrolled: "\(result.status)"
        case .notEnrolled: "not enrolled: \(reason(of: result) ?? "")"
        case .error(let message): "error: \(message)"
        }
    }

    /// Why the client is not enrolled, with the facts; nil when it is enrolled or the record failed.
    public func reason(of result: EnrollmentResult) -> String? {
        guard case .notEnrolled(let reason) = result.status else { return nil }
        let record = result.record
        let kind = record.isRollout ? "rollouts" : "experiments"
        switch reason {
        case .optedOut:
            return "opted out: the user turned off \(kind) on this client"
        case .paused:
            return "\(reason)"
        case .otherApp:
            return "for another app (`\(record.appName ?? "")`); this client is `\(client.appName)`"
        case .otherChannel:
            return "for another channel (`\(record.channel ?? "")`); this client is on `\(client.channel)`"
        case .notTargeted:
            guard let expression = record.targetingExpression else { return "\(reason)" }
            return "targeting did not match: " + targetingFailure(of: expression)
        case .notSelected:
            return notSelected(record)
        case .featureConflict:
            return featureConflict(result)
        case .firefoxLabsOptIn:
            return "\(reason)"
        case .disqualified(let disqualification):
            let branch = client.previousEnrollments.first { $0.slug == record.slug }?.branch
            var text = "disqualified: \(disqualification)"
            // Re-evaluated as the SDK does for a client in it: with `is_already_enrolled` true.
            if disqualification == .notTargeted, let expression = record.targetingExpression,
               case .success(let value) = JEXLExpression.attempt(expression.root, in: Self.targetingContext(of: client, alreadyEnrolled: true), transforms: transforms),
               !JEXLExpression.isTruthy(value) {
                text += " (" + targetingFailure(of: expression, alreadyEnrolled: true) + ")"
            }
            return text + (branch.map { "; this client was in branch `\($0)`" } ?? "")
        case .endedBefore:
            let branch = client.previousEnrollments.first { $0.slug == record.slug }?.branch
            return "this client was in it" + (branch.map { " (branch `\($0)`)" } ?? "")
                + " before it ended; the SDK does not enroll it again until it has forgotten that enrollment"
        }
    }

    /// The bucket sentence: "not in the sampled buckets: this client is in bucket 7342 of 10000;
    /// the record takes buckets 0–4999 of namespace `x`".
    func notSelected(_ record: ExperimentRecord) -> String {
        let config = record.bucketConfig
        let taken = Sampling.takenBucketsText(start: config.start, count: config.count, total: config.total)
        guard let bucket = Sampling.bucket(nimbusID: client.nimbusID, namespace: config.namespace, total: config.total) else {
            return "not in the sampled buckets: the record's bucket total is \(config.total), which selects nobody"
        }
        return "not in the sampled buckets: this client is in bucket \(bucket) of \(config.total); the record takes "
            + (taken == "none" ? "no buckets" : "buckets \(taken)") + " of namespace `\(config.namespace)`"
    }

    /// The record of the same kind that holds one of this record's features for the client.
    func featureConflict(_ result: EnrollmentResult) -> String {
        func conflict(_ holder: String, _ feature: String) -> String {
            "feature conflict: `\(holder)` already holds feature `\(feature)` for this client"
        }
        let features = result.record.featureIds
        if let holders {
            for feature in features {
                if let holder = holders[HolderKey(feature: feature, isRollout: result.isRollout)], holder != result.slug {
                    return conflict(holder, feature)
                }
            }
        } else {
            for other in results where other.slug != result.slug && other.isRollout == result.isRollout && other.status.isEnrolled {
                if let feature = features.first(where: other.record.featureIds.contains) { return conflict(other.slug, feature) }
            }
        }
        return "\(NotEnrolledReason.featureConflict)"
    }

    // MARK: - Targeting

    /// Why `expression` is false for the client: the operands of its top-level `&&`/`||` chain
    /// that made it false, each with its source and the values of the identifiers it reads. With
    /// jexl-rs's rules (one precedence, left to right), `a && b && c` is false at its first false
    /// operand, `a || b` only when every alternative is; an operand that is itself such a chain
    /// is explained the same way.
    ///
    /// - Parameter alreadyEnrolled: evaluate as for a client already in the record
    ///   (`is_already_enrolled` true), as when it was disqualified.
    public func targetingFailure(of expression: JEXLExpression, alreadyEnrolled: Bool = false) -> String {
        let context = Self.targetingContext(of: client, alreadyEnrolled: alreadyEnrolled)
        if case .success(let value) = JEXLExpression.attempt(expression.root, in: context, transforms: transforms), JEXLExpression.isTruthy(value) {
            // Enrollment saw the enrollment sets as the records before this one left them; with
            // the sets as they were before the evaluation the targeting holds.
            return "`\(expression.source)` was false when this record was decided, after the records before it changed "
                + "`active_experiments`, `enrollments` or `enrollments_map`; with the enrollments from before it is true"
        }
        var parts: [String] = []
        failingParts(of: expression.root, in: context, into: &parts)
        return parts.isEmpty ? "`\(expression.source)` is false" : parts.joined(separator: ", and ")
    }

    /// The context a record's targeting reads: the client's, where `is_already_enrolled` is
    /// false for a new enrollment (and true for a client already in the record) unless
    /// `--context` pinned it.
    public static func targetingContext(of client: NimbusClient, alreadyEnrolled: Bool = false) -> [String: JSONValue] {
        var context = client.context
        if !client.pinnedContextKeys.contains("is_already_enrolled") { context["is_already_enrolled"] = .bool(alreadyEnrolled) }
        return context
    }

    private func failingParts(of node: JEXLNode, in context: [String: JSONValue], into parts: inout [String]) {
        guard case .chain(let first, let links) = node, links[0].op == .and || links[0].op == .or else {
            parts.append(describe(node, in: context))
            return
        }
        // The outcome of the chain up to each link, as `JEXLExpression` walks it.
        var prefixes = [JEXLExpression.attempt(first, in: context, transforms: transforms)]
        prefixes.reserveCapacity(links.count + 1)
        for link in links {
            let outcome = prefixes[prefixes.count - 1]
            let evaluateRight = link.op == .or ? !JEXLExpression.isTruthy(outcome) : JEXLExpression.isTruthy(outcome)
            prefixes.append(evaluateRight ? JEXLExpression.attempt(link.operand, in: context, transforms: transforms) : outcome)
        }
        // From the end: `p && x` is false because of `x` when `p` held, else because of `p`;
        // `p || x` is false because of both.
        var failing: [JEXLNode] = []
        var count = links.count
        while count > 0 {
            let link = links[count - 1]
            if link.op == .and {
                if JEXLExpression.isTruthy(prefixes[count - 1]) {
                    failing.append(link.operand)
                    break
                }
            } else {
                failing.append(link.operand)
            }
            count -= 1
        }
        if count == 0 { failing.append(first) }
        for part in failing.reversed() { failingParts(of: part, in: context, into: &parts) }
    }

    /// "`language == 'ko'` is false (language is \"en\")".
    private func describe(_ node: JEXLNode, in context: [String: JSONValue]) -> String {
        let outcome = JEXLExpression.attempt(node, in: context, transforms: transforms)
        let verdict = switch outcome {
        case .success(.bool(false)): "is false"
        case .success(let value): "is \(Self.shortText(value)), which counts as false"
        case .failure(let error): "fails (\(error.description(suggestingFrom: context))), which counts as false"
        }
        // The identifier an error names is not named again.
        let named: String? = if case .failure(.undefinedIdentifier(let name)) = outcome { name } else { nil }
        let values = Self.identifiers(in: node).filter { $0 != named }.map { name in
            context[name].map { "\(name) is \(Self.shortText($0))" } ?? "\(name) is not defined"
        }
        return "`\(node.sourceText)` \(verdict)" + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
    }

    /// A value's compact JSON, cut when long.
    static func shortText(_ value: JSONValue) -> String {
        let text = value.compactText
        return text.count > longestValueText ? String(text.prefix(longestValueText - 1)) + "…" : text
    }

    /// The top-level identifiers `node` reads, in source order, each once.
    static func identifiers(in node: JEXLNode) -> [String] {
        var names: [String] = []
        func visit(_ node: JEXLNode) {
            if case .identifier(let name) = node {
                if !names.contains(name) { names.append(name) }
            } else {
                node.forEachChild(visit)
            }
        }
        visit(node)
        return names
    }
}
