#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats
import RemoteSettings

/// Gets experiment records from Remote Settings with an offline cache: the one call a
/// command or an app launch needs.
///
/// Use it instead of `RemoteSettingsClient` whenever records should survive a server outage.
/// A load:
/// - does not ask the server while the cache's `backoffUntil` is in the future, unless
///   `force` is set (the server's `Backoff`/`Retry-After` are stored after every answer, capped
///   at `RemoteSettingsBackoff.maximumSeconds`; a stored time further away is ignored);
/// - sends the cached `ETag`; on `304` it uses the cached records and records the time;
/// - on new records it saves them with their `ETag`;
/// - on any failure (HTTP error, no connection, timeout, a body that is not
///   `{"data": [...]}`) it keeps the cache as it was and uses the cached records, reporting
///   their age and the error; a broken answer never replaces good records.
///
/// ```swift
/// let loader = RemoteExperimentsLoader(
///     client: RemoteSettingsClient(server: server, collection: .preview),
///     cache: cache)
/// let result = loader.loadBlocking()           // synchronous code (a CLI)
/// let later = await loader.load(force: true)   // async code
/// ```
public struct RemoteExperimentsLoader: Sendable {
    public var client: RemoteSettingsClient
    public var cache: any RemoteSettingsCache

    public init(client: RemoteSettingsClient, cache: any RemoteSettingsCache) {
        self.client = client
        self.cache = cache
    }

    /// Loads the records; `force` asks the server even while it asked for a back-off; `now`
    /// is the time stored and compared against (a parameter so tests can move it).
    public func load(force: Bool = false, now: Date = Date()) async -> RemoteExperimentsResult {
        let (state, plan) = prepare(force: force, now: now)
        let etag: String?
        switch plan {
        case .backingOff(let until): return backingOff(state, until: until, now: now)
        case .fetch(let tag): etag = tag
        }
        let outcome: Result<RemoteSettingsResponse, RemoteSettingsError>
        do throws(RemoteSettingsError) {
            outcome = .success(try await client.fetch(ifNoneMatch: etag))
        } catch {
            outcome = .failure(error)
        }
        return finish(state, outcome, now: now)
    }

    /// Like `load(force:now:)`, blocking the calling thread; for synchronous callers only.
    @available(*, noasync, message: "use the async load(force:now:) instead")
    public func loadBlocking(force: Bool = false, now: Date = Date()) -> RemoteExperimentsResult {
        let (state, plan) = prepare(force: force, now: now)
        let etag: String?
        switch plan {
        case .backingOff(let until): return backingOff(state, until: until, now: now)
        case .fetch(let tag): etag = tag
        }
        let outcome: Result<RemoteSettingsResponse, RemoteSettingsError>
        do throws(RemoteSettingsError) {
            outcome = .success(try client.fetchBlocking(ifNoneMatch: etag))
        } catch {
            outcome = .failure(error)
        }
        return finish(state, outcome, now: now)
    }

    // MARK: - Steps shared by both entry points

    /// What was cached, and problems met reading or writing it.
    private struct State {
        var entry: RemoteSettingsCacheEntry?
        var cached: ExperimentRecordSet?
        var problems: [String] = []
    }

    /// Whether to ask the server.
    private enum Plan {
        /// Ask, sending this `ETag` as `If-None-Match`.
        case fetch(etag: String?)
        /// Don't: the server asked to be left alone until then.
        case backingOff(until: Date)
    }

    private func prepare(force: Bool, now: Date) -> (State, Plan) {
        let url = client.recordsURL
        var state = State()
        do {
            state.entry = try cache.load()
        } catch {
            state.problems.append("cannot read the cache for \(url): \(error)")
        }
        if let text = state.entry?.recordsText {
            do {
                state.cached = try ExperimentRecordSet.parse(try JSONParser.parse(text, file: "cached \(url)"))
            } catch {
                state.problems.append("cached records for \(url) are unreadable, ignoring them: \(error)")
            }
        }
        // A wait beyond the cap can only have been stored before the cap existed (or before the
        // clock went back): it is not honored, and the next answer replaces it. A minute of
        // slack covers a cache that keeps whole seconds, rounded up.
        if let until = state.entry?.backoffUntil, until.timeIntervalSince(now) > TimeInterval(RemoteSettingsBackoff.maximumSeconds + 60) {
            state.entry?.backoffUntil = nil
        }
        if !force, let until = state.entry?.backoffUntil, now < until {
            return (state, .backingOff(until: until))
        }
        // An ETag is only worth sending when the records it names are still usable.
        return (state, .fetch(etag: state.cached == nil ? nil : state.entry?.etag))
    }

    private func backingOff(_ state: State, until: Date, now: Date) -> RemoteExperimentsResult {
        fallback(state, error: RemoteSettingsError(.backingOff(until: until), url: client.recordsURL), now: now)
    }

    private func finish(_ state: State, _ outcome: Result<RemoteSettingsResponse, RemoteSettingsError>, now: Date) -> RemoteExperimentsResult {
        var state = state
        let url = client.recordsURL
        let response: RemoteSettingsResponse
        switch outcome {
        case .failure(let error):
            return failed(&state, error, now: now)
        case .success(let answer):
            response = answer
        }
        let backoffUntil = response.backoff.until(now)
        switch response.content {
        case .notModified:
            guard let cached = state.cached, var entry = state.entry else {
                return failed(&state, RemoteSettingsError(.httpStatus(response.statusCode), url: url, backoff: response.backoff), now: now)
            }
            entry.fetchedAt = now
            entry.backoffUntil = backoffUntil
            if let etag = response.etag { entry.etag = etag }
            save(entry, &state)
            return RemoteExperimentsResult(records: cached, status: .unchanged, previous: cached,
                                           backoffUntil: backoffUntil, cacheProblems: state.problems, url: url)
        case .records(let text, let json):
            let records: ExperimentRecordSet
            do {
                records = try ExperimentRecordSet.parse(json)
            } catch {
                return failed(&state, RemoteSettingsError(.missingDataArray(error.reason), url: url, backoff: response.backoff), now: now)
            }
            save(RemoteSettingsCacheEntry(recordsText: text, etag: response.etag, fetchedAt: now, backoffUntil: backoffUntil), &state)
            return RemoteExperimentsResult(records: records, status: .fresh, previous: state.cached,
                                           backoffUntil: backoffUntil, cacheProblems: state.problems, url: url)
        }
    }

    /// Keeps the cached records, storing only the server's request to back off.
    private func failed(_ state: inout State, _ error: RemoteSettingsError, now: Date) -> RemoteExperimentsResult {
        if let until = error.backoff.until(now) {
            var entry = state.entry ?? RemoteSettingsCacheEntry()
            entry.backoffUntil = until
            save(entry, &state)
            state.entry = entry
        }
        return fallback(state, error: error, now: now)
    }

    private func fallback(_ state: State, error: RemoteSettingsError, now: Date) -> RemoteExperimentsResult {
        let status: RemoteExperimentsStatus
        if state.cached != nil {
            let age = state.entry?.fetchedAt.map { max(0, now.timeIntervalSince($0)) } ?? .infinity
            status = .fromCache(age: age, error: error)
        } else {
            status = .noData(error: error)
        }
        return RemoteExperimentsResult(records: state.cached ?? ExperimentRecordSet(records: []), status: status,
                                       previous: state.cached, backoffUntil: state.entry?.backoffUntil,
                                       cacheProblems: state.problems, url: client.recordsURL)
    }

    private func save(_ entry: RemoteSettingsCacheEntry, _ state: inout State) {
        do {
            try cache.save(entry)
        } catch {
            state.problems.append("cannot save the cache for \(client.recordsURL): \(error)")
        }
    }
}
