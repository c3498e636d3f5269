import Formats
import Nimbus
import RemoteSettings
import Platform
import Prefs

/// Reads the experiment records of an app from its source: a file, or a Remote Settings server
/// through the store's offline cache. Never throws: a source that cannot be read leaves the flags
/// on their defaults, with the problem reported.
///
/// ```swift
/// let loaded = ExperimentsLoader.load(.file("/app/experiments.json"), prefs: prefs, policy: .fetch)
/// loaded.records?.records.count
/// ```
public enum ExperimentsLoader {
    /// What was read, and what a person should be told about it.
    public struct Loaded: Sendable {
        public var records: ExperimentRecordSet?
        /// Why there are no records at all, if so.
        public var problem: String?
        /// How the records were obtained, when it matters ("using cached records fetched 3 min ago: …").
        public var note: String?
        /// For a Remote Settings source: the fetch's outcome and what changed since the cache.
        public var remote: RemoteExperimentsResult?
    }

    /// - Parameter snapshots: where records read from a file are snapshotted, and read back from
    ///   while the file is unchanged (1,000 records: 40 ms of JSON become a few milliseconds).
    public static func load(_ source: ExperimentsSource, prefs: Prefs, policy: ExperimentsFetchPolicy,
                            snapshots: SnapshotCache = SnapshotCache(folder: nil)) -> Loaded {
        switch source {
        case .file(let path):
            if let records = snapshots.read(kind: snapshotKind, key: path, ExperimentRecordSet.init(snapshot:)) {
                return Loaded(records: records)
            }
            let readStarted = SnapshotCache.now()
            let (records, problem) = NimbusExperiments.readRecords(path: path)
            // Only a file that read without a problem: its messages come from the file every time.
            if let records, problem == nil {
                snapshots.write(kind: snapshotKind, key: path, sources: [path], readStarted: readStarted) { records.write(to: &$0) }
            }
            return Loaded(records: records, problem: problem)
        case .remote(let client):
            let cache = PrefsRemoteSettingsCache(prefs: prefs, url: client.recordsURL)
            guard policy != .cacheOnly else { return cached(client, cache) }
            let result = RemoteExperimentsLoader(client: client, cache: cache).loadBlocking(force: policy == .force)
            var loaded = Loaded(records: result.records, remote: result)
            switch result.status {
            case .fresh, .unchanged: break
            case .fromCache: loaded.note = "\(result.status)"
            case .noData(let error): loaded.problem = "\(error); no cached records either, so flags use manifest defaults"
            }
            // An answer that asked for a wait says how long and until when, so a quiet server
            // is not mistaken for a broken client.
            if let wait = result.status.error?.backoff.seconds, let until = result.backoffUntil {
                let asked = "the server asked clients to wait \(RemoteSettingsBackoff.describe(seconds: wait)), so it is not asked again "
                    + RemoteSettingsBackoff.describeWait(until: until, now: Date())
                if loaded.problem != nil { loaded.problem? += "; " + asked } else { loaded.note = [loaded.note, asked].compactMap { $0 }.joined(separator: "; ") }
            }
            if !result.cacheProblems.isEmpty { loaded.note = ([loaded.note].compactMap { $0 } + result.cacheProblems).joined(separator: "; ") }
            return loaded
        }
    }

    static let snapshotKind = "experiments"

    /// The cached records alone, without asking the server.
    private static func cached(_ client: RemoteSettingsClient, _ cache: PrefsRemoteSettingsCache) -> Loaded {
        guard let entry = try? cache.load(), let text = entry.recordsText,
              let json = try? JSONParser.parse(text), let records = try? ExperimentRecordSet.parse(json) else {
            return Loaded(problem: "no cached records of \(client.recordsURL.absoluteString) yet (not fetched); flags use manifest defaults")
        }
        let age = entry.fetchedAt.map { Timestamp.age(since: $0.timeIntervalSince1970) } ?? "an unknown time"
        return Loaded(records: records, note: "offline: using cached records of \(client.recordsURL.absoluteString) fetched \(age) ago")
    }
}
