import Foundation
import Testing
import TestServers
@testable import Formats
@testable import Nimbus
@testable import RemoteSettings
import TestTraits

/// Answers a real Kinto never gives (server errors, HTML, a back-off, a hang), from a tiny
/// real HTTP server on loopback, and a port where nothing listens.
@Suite(.blocking) struct RemoteSettingsFailureTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A cache holding one good record, fetched at `start`.
    func goodCache() -> InMemoryRemoteSettingsCache {
        let text = JSONValue.object(["data": .array([RecordFixtures.record(slug: "cached-experiment")])]).compactText
        return InMemoryRemoteSettingsCache(RemoteSettingsCacheEntry(recordsText: text, etag: #""100""#, fetchedAt: start))
    }

    @Test func aServerErrorKeepsTheCacheAndStoresRetryAfter() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = goodCache()
        let before = cache.entry
        let loader = RemoteExperimentsLoader(client: server.client("status-503"), cache: cache)

        let result = loader.loadBlocking(now: start + 30)
        guard case .fromCache(let age, let error) = result.status else {
            Issue.record("expected cached records, got \(result.status)")
            return
        }
        #expect(age == 30)
        #expect(error.kind == .httpStatus(503))
        #expect(error.backoff.retryAfterSeconds == 120)
        // The reason phrase comes from Foundation and its capitalisation differs by platform.
        #expect(error.description.lowercased() == "http 503 (service unavailable) from \(loader.client.recordsURL.absoluteString)")
        #expect(result.records.records.map(\.slug) == ["cached-experiment"])
        #expect(result.backoffUntil == start + 150)
        var expected = before
        expected?.backoffUntil = start + 150
        #expect(cache.entry == expected)
        #expect(try server.requestPaths().count == 1)

        // While the server asked to be left alone, it is not asked...
        let waiting = loader.loadBlocking(now: start + 60)
        #expect(waiting.status == .fromCache(age: 60, error: RemoteSettingsError(.backingOff(until: start + 150), url: loader.client.recordsURL)))
        #expect(waiting.status.error?.description.contains("force") == true)
        #expect(try server.requestPaths().count == 1)
        // ...unless forced.
        let forced = loader.loadBlocking(force: true, now: start + 61)
        #expect(forced.status.error?.kind == .httpStatus(503))
        #expect(try server.requestPaths().count == 2)
    }

    @Test func aBodyThatIsNotJSONKeepsTheCache() async throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = goodCache()
        let loader = RemoteExperimentsLoader(client: server.client("not-json"), cache: cache)

        let result = await loader.load(now: start + 5)
        let url = loader.client.recordsURL.absoluteString
        #expect(result.status == .fromCache(age: 5, error: RemoteSettingsError(
            .notJSON(line: 1, column: 1, message: "expected a value, found `<`"), url: loader.client.recordsURL)))
        #expect(result.status.error?.description == "answer from \(url) is not JSON: line 1, column 1: expected a value, found `<`")
        #expect(result.records.records.map(\.slug) == ["cached-experiment"])
        #expect(cache.saveCount == 0)
    }

    @Test func jsonWithoutADataListIsRefused() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let loader = RemoteExperimentsLoader(client: server.client("no-data"), cache: InMemoryRemoteSettingsCache())

        let result = loader.loadBlocking(now: start)
        guard case .noData(let error) = result.status else {
            Issue.record("expected no data, got \(result.status)")
            return
        }
        #expect(error.kind == .missingDataArray("no `data` member (members: `records`)"))
        #expect(error.description.contains(loader.client.recordsURL.absoluteString))
        #expect(result.records.records.isEmpty)
    }

    @Test func aBackoffHeaderOnGoodRecordsDelaysTheNextFetch() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = InMemoryRemoteSettingsCache()
        let loader = RemoteExperimentsLoader(client: server.client("backoff"), cache: cache)

        let first = loader.loadBlocking(now: start)
        #expect(first.status == .fresh)
        #expect(first.backoffUntil == start + 60)
        #expect(cache.entry == RemoteSettingsCacheEntry(recordsText: #"{"data": []}"#, etag: #""7""#, fetchedAt: start, backoffUntil: start + 60))

        let early = loader.loadBlocking(now: start + 59)
        #expect(early.status.error?.kind == .backingOff(until: start + 60))
        #expect(try server.requestPaths().count == 1)

        let due = loader.loadBlocking(now: start + 60)
        #expect(due.status == .fresh)
        #expect(try server.requestPaths().count == 2)
    }

    @Test func aServerThatDoesNotAnswerTimesOut() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let loader = RemoteExperimentsLoader(client: server.client("slow", timeout: 0.5), cache: goodCache())

        // The server answers after 3 s, so a timed-out result shows the 0.5 s limit held.
        let result = loader.loadBlocking(now: start + 1)
        #expect(result.status == .fromCache(age: 1, error: RemoteSettingsError(.timedOut(0.5), url: loader.client.recordsURL)))
        #expect(result.status.error?.description == "no answer within 0.5 s from \(loader.client.recordsURL.absoluteString)")
    }

    @Test func nothingListeningIsAConnectionFailure() throws {
        let port = try ServerProcess.freeLoopbackPort()
        let client = RemoteSettingsClient(server: URL(string: "http://127.0.0.1:\(port)")!)
        let result = RemoteExperimentsLoader(client: client, cache: InMemoryRemoteSettingsCache()).loadBlocking(now: start)
        guard case .noData(let error) = result.status, case .cannotConnect = error.kind else {
            Issue.record("expected a connection failure without data, got \(result.status)")
            return
        }
        #expect(error.description.hasPrefix("cannot connect to http://127.0.0.1:\(port)/v1/buckets/main/collections/nimbus-mobile-experiments/records: "))
    }

    @Test func unreadableCachedRecordsAreReportedAndReplaced() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = InMemoryRemoteSettingsCache(RemoteSettingsCacheEntry(recordsText: "{oops", etag: #""1""#, fetchedAt: start))
        let loader = RemoteExperimentsLoader(client: server.client("backoff"), cache: cache)

        let result = loader.loadBlocking(now: start + 1)
        #expect(result.status == .fresh)
        #expect(result.previous == nil)
        #expect(result.cacheProblems.count == 1)
        #expect(result.cacheProblems.first?.contains("unreadable") == true)
        #expect(cache.entry?.recordsText == #"{"data": []}"#)
    }
}
