/// Forcing a branch, as `nimbus-cli enroll SLUG --branch B` prepares a record before handing it
/// to the app (`value_utils.rs`, `prepare_experiment`).
extension ExperimentRecord {
    /// This record rewritten so the SDK enrols a client of `channel` in `branch`: `channel` set
    /// to the client's, `isEnrollmentPaused` false, `targeting` `"true"`, the bucket range the
    /// whole of `total`, `branch`'s ratio 100 and every other branch's 0. A Firefox Labs opt-in
    /// is taken as opted in. Everything else (features, dates, the slug) stays, so feature
    /// conflicts are decided as for the real record.
    public func forcing(branch: String, channel: String, appName: String) throws(ForcedBranchError) -> ExperimentRecord {
        guard branches.contains(where: { $0.slug == branch }) else {
            throw .noSuchBranch(slug: slug, branch: branch, branches: branches.map(\.slug))
        }
        if let recordApp = self.appName, recordApp != appName {
            throw .otherApp(slug: slug, recordApp: recordApp, clientApp: appName)
        }
        guard case .object(var members) = json else { return self }
        members["channel"] = .string(channel)
        members["isEnrollmentPaused"] = .bool(false)
        members["targeting"] = .string("true")
        members["isFirefoxLabsOptIn"] = .bool(false)
        if case .object(var bucket)? = members["bucketConfig"] {
            bucket["start"] = .int(0)
            bucket["count"] = .int(bucketConfig.total)
            members["bucketConfig"] = .object(bucket)
        }
        if case .array(let list)? = members["branches"] {
            members["branches"] = .array(list.map { entry in
                guard case .object(var fields) = entry else { return entry }
                fields["ratio"] = .int(fields["slug"]?.stringValue == branch ? 100 : 0)
                return .object(fields)
            })
        }
        // The record read before, rewritten in fields it had already passed: it reads again.
        return (try? ExperimentRecord(json: .object(members))) ?? self
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
