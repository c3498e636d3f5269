#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Formats
import Nimbus
import Platform

/// What `flags info` shows of one record, as lines and as JSON: the record's facts, this
/// client's bucket and targeting value, and its status with the reason.
///
/// ```swift
/// RecordReport(result: result, experiments: experiments).lines.first   // "new-menu-test: New menu"
/// ```
struct RecordReport {
    let result: EnrollmentResult
    let experiments: NimbusExperiments

    /// The record as published: a forced branch's rewritten record (every ratio but one 0,
    /// targeting `true`) is what enrollment evaluated, not what the record says.
    let record: ExperimentRecord

    init(result: EnrollmentResult, experiments: NimbusExperiments) {
        self.result = result
        self.experiments = experiments
        record = experiments.recordsBeforeForcing[result.slug] ?? result.record
    }
    var forcedBranch: String? { experiments.overrides.forcedBranches[result.slug] }

    var clientBucket: Int? {
        let config = record.bucketConfig
        return Sampling.bucket(nimbusID: experiments.client.nimbusID, namespace: config.namespace, total: config.total)
    }

    /// The targeting as this client's enrollment evaluated it: its value, or the error.
    var targeting: Result<JSONValue, JEXLError>? {
        if let error = record.targetingError { return .failure(error) }
        guard let expression = record.targetingExpression else { return nil }
        let context = EnrollmentExplainer.targetingContext(of: experiments.client)
        return Result { () throws(JEXLError) in try expression.evaluate(in: context, transforms: experiments.transforms) }
    }

    var lines: [String] {
        var lines = ["\(field: record.slug): \(field: record.userFacingName.split(whereSeparator: \.isNewline).joined(separator: " "))"]
        // A record's text may hold line breaks: its continuation lines are indented under the
        // value, so no text from a record can pass for a line of its own.
        let indent = String(repeating: " ", count: 15)
        func field(_ name: String, _ value: String) {
            let parts = value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            lines.append("  \(name):" + String(repeating: " ", count: max(1, 12 - name.count)) + (parts.first.map(String.init) ?? ""))
            lines += parts.dropFirst().map { indent + $0 }
        }
        if !record.userFacingDescription.isEmpty { field("description", record.userFacingDescription) }
        field("type", record.isRollout ? "rollout" : "experiment")
        field("app", (record.appName.map { "`\($0)`" } ?? "any") + (record.appId.map { " (appId `\($0)`)" } ?? "")
              + "; this client is `\(experiments.client.appName)`")
        field("channel", (record.channel.map { "`\($0)`" } ?? "any") + "; this client is on `\(experiments.client.channel)`")
        field("paused", record.isEnrollmentPaused ? "yes: enrollment is paused" : "no")
        let dates = [("published", record.publishedDate), ("start", record.startDate), ("end", record.endDate),
                     ("enrollment end", record.enrollmentEndDate)].compactMap { name, date in date.map { "\(name) \($0)" } }
        field("dates", dates.isEmpty ? "none given" : dates.joined(separator: ", "))
        field("enrollment", "proposed \(days(record.proposedEnrollment))"
              + (record.proposedDuration.map { ", duration \(days($0))" } ?? ""))
        let config = record.bucketConfig
        field("bucketing", "\(config.randomizationUnit), namespace `\(config.namespace)`, start \(config.start), count \(config.count), total \(config.total)")
        lines.append("               takes buckets \(Sampling.takenBucketsText(start: config.start, count: config.count, total: config.total))"
                     + (clientBucket.map { "; this client is in bucket \($0)" } ?? ""))
        if let text = record.targeting {
            field("targeting", text)
            switch targeting {
            case .success(let value)?: lines.append("               gives \(value.compactText) for this client")
            case .failure(let error)?: lines.append("               fails for this client: \(error)")
            case nil: break
            }
        } else {
            field("targeting", "none: every client")
        }
        lines.append("  branches:")
        let total = record.branches.reduce(0) { $0 + $1.ratio }
        for branch in record.branches {
            var marks: [String] = []
            if result.status.branch == branch.slug { marks.append("this client") }
            if forcedBranch == branch.slug { marks.append("forced") }
            let share = total > 0 ? " (\(percent(branch.ratio, of: total)))" : ""
            lines.append("    \(field: branch.slug)  ratio \(branch.ratio)\(share)" + (marks.isEmpty ? "" : "  ← " + marks.joined(separator: ", ")))
            for feature in branch.features {
                lines.append("      \(feature.featureId): \(JSONValue.object(feature.value).compactText)")
            }
        }
        field("status", experiments.explanation(of: result))
        if let forcedBranch {
            field("forced", "branch `\(field: forcedBranch)` (`flags unenroll \(field: record.slug)` removes it)")
        }
        return lines
    }

    private func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    private func percent(_ part: Int, of total: Int) -> String {
        let tenths = (part * 1000 + total / 2) / total
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }

    var json: JSONValue {
        let config = record.bucketConfig
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let report = EnrollmentReport(result, in: experiments)
        var targetingJSON = JSONValue.null
        if let source = record.targeting {
            var value = JSONValue.null, error = JSONValue.null
            switch targeting {
            case .success(let result)?: value = result
            case .failure(let failure)?: error = .string("\(failure)")
            case nil: break
            }
            targetingJSON = .object(["expression": .string(source), "value": value, "error": error])
        }
        return .object([
            "slug": .string(record.slug),
            "name": .string(record.userFacingName),
            "description": .string(record.userFacingDescription),
            "type": .string(record.isRollout ? "rollout" : "experiment"),
            "appName": text(record.appName),
            "appId": text(record.appId),
            "channel": text(record.channel),
            "paused": .bool(record.isEnrollmentPaused),
            "dates": .object(["published": text(record.publishedDate), "start": text(record.startDate),
                              "end": text(record.endDate), "enrollmentEnd": text(record.enrollmentEndDate)]),
            "proposedEnrollment": .int(record.proposedEnrollment),
            "proposedDuration": record.proposedDuration.map(JSONValue.int) ?? .null,
            "bucketConfig": .object([
                "randomizationUnit": .string(config.randomizationUnit), "namespace": .string(config.namespace),
                "start": .int(config.start), "count": .int(config.count), "total": .int(config.total),
                "takenBuckets": .array(Sampling.takenBuckets(start: config.start, count: config.count, total: config.total).map {
                    .object(["first": .int($0.lowerBound), "last": .int($0.upperBound - 1)])
                }),
                "clientBucket": clientBucket.map(JSONValue.int) ?? .null,
            ]),
            "targeting": targetingJSON,
            "branches": .array(record.branches.map { branch in
                .object(["slug": .string(branch.slug), "ratio": .int(branch.ratio),
                         "features": .array(branch.features.map { .object(["featureId": .string($0.featureId), "value": .object($0.value)]) })])
            }),
            "client": .object(["nimbusId": .string(experiments.client.nimbusID), "appName": .string(experiments.client.appName),
                               "channel": .string(experiments.client.channel)]),
            "status": .string(report.statusName),
            "branch": text(result.status.branch),
            "reason": text(report.reasonName),
            "explanation": .string(report.explanation),
            "forcedBranch": text(forcedBranch),
        ])
    }
}
#endif
