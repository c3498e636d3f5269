import Formats
import Nimbus
import Platform

/// The experiments and rollouts of an app evaluated for one client: every record, what happened
/// to it, and the feature values that result.
///
/// `FlagsEnvironment` builds one when it opens; `flags experiments` prints it and the Nimbus
/// layer reads `resolved` to answer for flags.
///
/// ```swift
/// let experiments = NimbusExperiments.evaluate(records: set, client: client, registry: registry)
/// experiments.enrollments.filter { $0.status.branch != nil }   // what this client is in
/// ```
public struct NimbusExperiments: Sendable {
    /// Where the records came from (a file path), or nil when the app has none.
    public let source: String?
    public let records: [ExperimentRecord]
    /// Records that could not be read, each with the reason.
    public let skipped: [SkippedRecord]
    /// Every record with this client's status, in record order.
    public let enrollments: [EnrollmentResult]
    public let client: NimbusClient
    /// Feature values (default, rollout, experiment merged) of the manifest's features that an
    /// enrolled rollout or experiment configures, each worked out when first read; every other
    /// feature has its manifest default for the channel.
    public let resolved: ResolvedFeatures
    /// Why no records could be read at all (a missing or unparsable file, an unreachable server
    /// with nothing cached), if so.
    public let loadProblem: String?
    /// How the records were obtained when it matters: from the offline cache, and how old they are.
    public let note: String?
    /// For a Remote Settings source: the fetch's outcome and what changed.
    public let remote: RemoteExperimentsResult?
    /// The transforms targeting was evaluated with, for reports that evaluate it again.
    public let transforms: JEXLTransforms
    /// The enrollments this evaluation leaves, to keep for the next one (`NimbusClientStore`).
    /// A forced record's enrollment is not among them (`NimbusDebugOverrides.keeping`).
    public var storedEnrollments: [StoredEnrollment] = []
    /// The debug overrides this evaluation honored (`.none` in a release build or preview).
    public var overrides: NimbusDebugOverrides = .none
    /// Forced branches that could not apply, one sentence each (a branch the record no longer
    /// has, another app's record).
    public var overrideProblems: [String] = []
    /// Why the event store could not be read, when it could not: targeting that asks it
    /// (`eventSum`, `eventLastSeen`, …) then sees no events, which a command must say.
    public var eventStoreProblem: String?
    /// Why this client's enrollments could not be saved (a read-only or full store): the flags
    /// of this run are still right, but the next run decides every enrollment afresh, which a
    /// command must say.
    public var enrollmentWriteProblem: String?
    /// The forced records as published, by slug (`records` holds them rewritten to force their
    /// branch): what a screen shows as the record, with its real ratios and targeting.
    public var recordsBeforeForcing: [String: ExperimentRecord] = [:]
    /// The targeting context after this evaluation, as the SDK holds it for the app afterwards:
    /// its enrollment sets are this evaluation's (`flags context` shows it). Made when asked for:
    /// its sorted lists of a thousand enrollments cost a millisecond at every start of a menu,
    /// which never shows it.
    public var context: [String: JSONValue] {
        var context = attributesAfter.context
        context.merge(client.context.filter { client.pinnedContextKeys.contains($0.key) }) { _, pinned in pinned }
        return context
    }
    /// The targeting attributes this evaluation left (its enrollment sets), for `context`.
    var attributesAfter: TargetingAttributes

    /// Evaluates `records` for `client`, from the enrollments it had before
    /// (`client.previousEnrollments`) as a device does, and resolves every feature the registry reads.
    public static func evaluate(records: ExperimentRecordSet?, source: String?, loadProblem: String? = nil, note: String? = nil,
                                remote: RemoteExperimentsResult? = nil, client: NimbusClient, registry: FeatureFlagRegistry,
                                now: Int = Int(Date().timeIntervalSince1970), transforms: JEXLTransforms = .stateless,
                                overrides: NimbusDebugOverrides = .none) -> NimbusExperiments {
        // Forced records are rewritten before the SDK's rules run, as nimbus-cli hands them to
        // an app, and evaluated as new; what they were before is kept, untouched, for later.
        let (list, problems) = overrides.applyForcedBranches(to: records?.records ?? [], for: client)
        let earlier = client.previousEnrollments
        let client = overrides.forcedBranches.isEmpty ? client : startingAfresh(client, forcing: overrides)
        let outcome = EnrollmentEvolver.evolve(records: list, client: client, now: now, transforms: transforms)
        let enrollments = outcome.results
        let manifest = registry.manifest
        let resolver = FeatureResolver(
            defaults: { manifest.defaultValue(forFeature: $0, channel: client.channel) },
            isValid: { feature, variable, value in manifest.isValid(value, forVariable: variable, ofFeature: feature) },
            overrides: overrides)
        // Only features an enrolled branch configures differ from their defaults: resolving the
        // other 9,000 of a 10,000-flag app only to find their defaults took 25 ms at every start,
        // and even listing the features the registry reads, to pick from, took 3 ms.
        let resolved = resolver.configured(enrollments: enrollments, where: manifest.hasFeature)
        var experiments = NimbusExperiments(source: source, records: list, skipped: records?.skipped ?? [], enrollments: enrollments,
                                            client: client, resolved: resolved,
                                            loadProblem: loadProblem, note: note, remote: remote, transforms: transforms,
                                            attributesAfter: outcome.attributes)
        experiments.storedEnrollments = overrides.keeping(outcome.enrollments, earlier: earlier)
        experiments.overrides = overrides
        experiments.overrideProblems = problems
        if !overrides.forcedBranches.isEmpty {
            for record in records?.records ?? [] where overrides.forcedBranches[record.slug] != nil {
                experiments.recordsBeforeForcing[record.slug] = record
            }
        }
        return experiments
    }

    /// `client` without its enrollments in the forced records, which are then evaluated as new:
    /// their enrollments from before leave the targeting attributes and the context too. Edited in
    /// place: making the client again would write out its context's sorted lists of a thousand
    /// enrollments, which cost more than the whole evaluation of the forced records.
    private static func startingAfresh(_ client: NimbusClient, forcing overrides: NimbusDebugOverrides) -> NimbusClient {
        var fresh = client
        fresh.previousEnrollments = overrides.withoutForced(client.previousEnrollments)
        // Only the forced records the client has an enrollment in leave a trace to take out.
        let traced = Set(client.previousEnrollments.lazy.map(\.slug).filter { overrides.forcedBranches[$0] != nil })
        guard !traced.isEmpty else { return fresh }
        fresh.alreadyEnrolledSlugs.subtract(traced)
        for slug in traced {
            fresh.attributes.update(with: StoredEnrollment(slug: slug, isRollout: false, state: .notEnrolled(featureConflict: false)))
        }
        for key in ["active_experiments", "enrollments"] where !client.pinnedContextKeys.contains(key) {
            if case .array(let slugs)? = fresh.context[key] {
                fresh.context[key] = .array(slugs.filter { $0.stringValue.map { !traced.contains($0) } ?? true })
            }
        }
        if !client.pinnedContextKeys.contains("enrollments_map"), case .object(var branches)? = fresh.context["enrollments_map"] {
            for slug in traced { branches[slug] = nil }
            fresh.context["enrollments_map"] = .object(branches)
        }
        return fresh
    }

    /// Experiment record files larger than this are refused, counted while reading: Firefox for
    /// iOS's whole collection is well under 1 MiB, so this leaves room for any real one.
    public static let maximumRecordsFileSize = 32 * BoundedFileReader.mebibyte

    /// Reads a Remote Settings `records` answer (`{"data": [...]}`) from a file. A missing or
    /// broken file is reported as a load problem, not thrown: flags still work on their defaults.
    public static func readRecords(path: String) -> (ExperimentRecordSet?, String?) {
        let data: [UInt8]
        do {
            data = try BoundedFileReader.read(path: path, limit: maximumRecordsFileSize)
        } catch {
            return (nil, "\(path): cannot read the experiments file: \(error.reason); flags use manifest defaults")
        }
        do {
            let json = try JSONParser.parse(bytes: data, file: path)
            return (try ExperimentRecordSet.parse(json), nil)
        } catch let error as JSONParseError {
            return (nil, "\(error); flags use manifest defaults")
        } catch {
            // The envelope is wrong (no `data` list): point at the top-level value, so this error
            // too names a line and column like every other error about a file.
            let (line, column) = topLevelValuePosition(in: data)
            return (nil, "\(path):\(line):\(column): the top-level value: \(error); flags use manifest defaults")
        }
    }

    /// Line and column of the first byte of a JSON text's value: after a byte order mark and
    /// whitespace (JSON's own: space, tab, CR, LF).
    private static func topLevelValuePosition(in bytes: [UInt8]) -> (Int, Int) {
        var (line, column) = (1, 1)
        for byte in bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...] {
            switch byte {
            case UInt8(ascii: "\n"): (line, column) = (line + 1, 1)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): column += 1
            default: return (line, column)
            }
        }
        return (line, column)
    }

    /// The feature values for the Nimbus layer, with where each variable came from.
    /// The value of feature `featureId` as the Nimbus layer reads it; nil when it is at its default.
    func layerValue(of featureId: String) -> NimbusFeatureFlagLayer.FeatureValue? {
        resolved[featureId].map { feature in
            .init(value: feature.value, variableSources: feature.variableSources.mapValues(flagSource))
        }
    }

    private func flagSource(_ source: FeatureValueSource) -> FlagValueSource {
        switch source {
        case .experiment(let slug, let branch): .experiment(slug: slug, branch: branch)
        case .forcedBranch(let slug, let branch): .forcedBranch(slug: slug, branch: branch)
        case .featureOverride: .featureOverride
        case .rollout(let slug): .rollout(slug: slug)
        case .forcedRollout(let slug): .forcedRollout(slug: slug)
        case .defaultValue: .defaultValue(channel: client.channel)
        }
    }
}
