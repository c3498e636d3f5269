import Nimbus
import Platform

/// Why a branch cannot be forced here, in the words `flags enroll` uses: no such record (with
/// the nearest slug), a record that was skipped, no such branch (with the nearest branch), a
/// record of another app.
public struct ForcingRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
}

extension NimbusExperiments {
    /// The record `slug` and the branch to force in it, checked as forcing needs: the record is
    /// among these records and for this app, and `branch` is one of its branches (nil: its only
    /// branch). `flags enroll`, an import and a pulled preset all ask this, so each refuses what
    /// the others refuse, with the same words.
    ///
    /// ```swift
    /// let (record, branch) = try experiments.recordToForce("new-menu-test", branch: "treatment", registryPath: registry.path)
    /// ```
    public func recordToForce(_ slug: String, branch: String?, registryPath: String) throws(ForcingRefusal) -> (record: ExperimentRecord, branch: String) {
        let record = try self.record(slug, registryPath: registryPath)
        let branches = record.branches.map(\.slug)
        let chosen: String
        if let branch {
            chosen = branch
        } else if branches.count == 1 {
            chosen = branches[0]
        } else {
            throw ForcingRefusal(description: "`\(field: slug)` has \(branches.count) branches: give one with --branch: \(Self.list(branches))")
        }
        do throws(ForcedBranchError) {
            _ = try record.forcing(branch: chosen, for: client)
        } catch {
            switch error {
            case .noSuchBranch(let slug, _, let branches):
                let hint = NearestName.find(chosen, among: branches).map { " (did you mean `\($0)`?)" } ?? ""
                throw ForcingRefusal(description: "`\(field: slug)` has no branch `\(field: chosen)`\(hint); its branches are \(Self.list(branches))")
            case .otherApp(let slug, let recordApp, let clientApp):
                throw ForcingRefusal(description: "`\(field: slug)` is a record of app `\(field: recordApp)`, not of `\(field: clientApp)`: "
                                     + "it cannot be forced here (check --config or the records' source)")
            }
        }
        return (record, chosen)
    }

    /// The record `slug`, or a refusal that says where the records come from and which slug was
    /// probably meant.
    private func record(_ slug: String, registryPath: String) throws(ForcingRefusal) -> ExperimentRecord {
        if let record = records.first(where: { $0.slug == slug }) { return record }
        if let skipped = skipped.first(where: { $0.name == slug }) {
            throw ForcingRefusal(description: "`\(field: slug)` cannot be forced: its record was skipped: \(skipped.reason)")
        }
        let slugs = records.map(\.slug)
        let hint = NearestName.find(slug, among: slugs).map { " (did you mean `\(field: $0)`?)" } ?? ""
        guard let source else {
            throw ForcingRefusal(description: "no experiment or rollout `\(field: slug)`: the registry \(registryPath) names no experiments (`experiments:`)")
        }
        var message = "no experiment or rollout `\(field: slug)` in the records of \(source)\(hint)"
        if let loadProblem {
            message += "; no records could be read: \(loadProblem)"
        } else {
            message += slugs.isEmpty ? "; it has no records" : "; `flags experiments` lists its \(slugs.count) record\(slugs.count == 1 ? "" : "s")"
        }
        throw ForcingRefusal(description: message)
    }

    static func list(_ names: [String]) -> String { names.map { "`\(field: $0)`" }.joined(separator: ", ") }
}
