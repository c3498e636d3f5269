/// Forcing a branch, as `nimbus-cli enroll SLUG --branch B` prepares a record before handing it
/// to the app (`value_utils.rs`, `prepare_experiment`).
extension ExperimentRecord {
    /// This record rewritten so the SDK enrolls `client` in `branch`: `channel` set to the
    /// client's, `isEnrollmentPaused` false, `targeting` `"true"`, the bucket range the
    /// whole of `total`, `branch`'s ratio 100 and every other branch's 0. A Firefox Labs opt-in
    /// is taken as opted in. Everything else (features, dates, the slug) stays, so feature
    /// conflicts are decided as for the real record, and `json` is the record as published.
    /// A record of another app (`NimbusClient.isForThisApp`, the SDK's rule) is refused, as
    /// nimbus-cli leaves the app's own check in place.
    public func forcing(branch: String, for client: NimbusClient) throws(ForcedBranchError) -> ExperimentRecord {
        var parses: [String: Result<JEXLExpression, JEXLError>] = [:]
        return try forcing(branch: branch, for: client, parses: &parses)
    }

    /// `forcing(branch:for:)`, sharing the parse of the forced targeting among records.
    func forcing(branch: String, for client: NimbusClient,
                 parses: inout [String: Result<JEXLExpression, JEXLError>]) throws(ForcedBranchError) -> ExperimentRecord {
        guard branches.contains(where: { $0.slug == branch }) else {
            throw .noSuchBranch(slug: slug, branch: branch, branches: branches.map(\.slug))
        }
        if !client.isForThisApp(self) {
            throw .otherApp(slug: slug, recordApp: appName ?? "", clientApp: client.appName)
        }
        let channel = client.channel
        // Built from the fields already read, not by rewriting and reading the JSON again: a
        // client evaluates its records at every start. `json` stays the record as published.
        let bucket = BucketConfig(randomizationUnit: bucketConfig.randomizationUnit, namespace: bucketConfig.namespace,
                                  start: 0, count: bucketConfig.total, total: bucketConfig.total)
        let forcedBranches = branches.map { entry in
            ExperimentRecord.Branch(slug: entry.slug, ratio: entry.slug == branch ? 100 : 0, features: entry.features)
        }
        return ExperimentRecord(
            schemaVersion: schemaVersion, slug: slug, userFacingName: userFacingName, userFacingDescription: userFacingDescription,
            isEnrollmentPaused: false, bucketConfig: bucket, branches: forcedBranches, proposedEnrollment: proposedEnrollment,
            appName: self.appName, appId: appId, channel: channel, targeting: "true", targetingParses: &parses,
            isRollout: isRollout, featureIds: featureIds, publishedDate: publishedDate, startDate: startDate, endDate: endDate,
            enrollmentEndDate: enrollmentEndDate, proposedDuration: proposedDuration, referenceBranch: referenceBranch,
            isFirefoxLabsOptIn: false, json: source)
    }
}

/// Why a branch cannot be forced: the record has no such branch, or is for another app.
public enum ForcedBranchError: Error, Sendable, Hashable, CustomStringConvertible {
    case noSuchBranch(slug: String, branch: String, branches: [String])
    case otherApp(slug: String, recordApp: String, clientApp: String)

    public var description: String {
        switch self {
        case .noSuchBranch(let slug, let branch, let branches):
            "`\(slug)` has no branch `\(branch)`; its branches are \(branches.map { "`\($0)`" }.joined(separator: ", "))"
        case .otherApp(let slug, let recordApp, let clientApp):
            "`\(slug)` is for app `\(recordApp)`, not `\(clientApp)`"
        }
    }
}
