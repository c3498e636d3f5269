import Foundation
import Testing
import TestServers
@testable import Formats
@testable import HTTP
@testable import Nimbus
@testable import RemoteSettings
import TestTraits

/// Hostile answers from a real HTTP server on loopback: a gzip bomb, endless bodies, too many or
/// too large records, a back-off of millennia, credentials in the server's URL. Each is refused
/// (or capped) with a message naming the URL and the limit, and the last good cache is kept.
@Suite(.blocking) struct RemoteSettingsLimitsTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    func goodCache() -> InMemoryRemoteSettingsCache {
        let text = JSONValue.object(["data": .array([RecordFixtures.record(slug: "cached-experiment")])]).compactText
        return InMemoryRemoteSettingsCache(RemoteSettingsCacheEntry(recordsText: text, etag: #""100""#, fetchedAt: start))
    }

    /// A generous deadline, for a hang only: the old code inflated the whole bomb.
    func client(_ server: FixedAnswerServer, _ collection: String) -> RemoteSettingsClient {
        server.client(collection, timeout: 60)
    }

    @Test(arguments: ["gzip-bomb", "huge-body", "huge-length"])
    func anAnswerOverTheLimitIsCutOffAndNothingIsKept(_ collection: String) throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let url = client(server, collection).recordsURL
        let failure = #expect(throws: HTTPGet.Failure.self) {
            _ = try HTTPGet(url: url, headers: [:], timeout: 60, maximumBytes: RemoteSettingsClient.maximumAnswerBytes).perform()
        }
        #expect(failure?.kind == .tooLarge(limit: 32 << 20))
    }

    @Test func aGzipBombKeepsTheCacheAndNamesTheURLAndTheLimit() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = goodCache()
        let before = cache.entry
        let loader = RemoteExperimentsLoader(client: client(server, "gzip-bomb"), cache: cache)

        let result = loader.loadBlocking(now: start + 10)
        #expect(result.status == .fromCache(age: 10, error: RemoteSettingsError(.answerTooLarge(limit: 32 << 20), url: loader.client.recordsURL)))
        let message = result.status.error?.description ?? ""
        #expect(message.contains(loader.client.recordsURL.absoluteString) && message.contains("32 MiB"), "\(message)")
        #expect(result.records.records.map(\.slug) == ["cached-experiment"])
        #expect(cache.saveCount == 0 && cache.entry == before)
    }

    @Test func tooManyRecordsAreRefusedBeforeAnythingIsCached() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = goodCache()
        let loader = RemoteExperimentsLoader(client: client(server, "many-records"), cache: cache)

        let result = loader.loadBlocking(now: start + 1)
        #expect(result.status.error?.kind == .tooManyRecords(count: 10_001, limit: 10_000))
        #expect(result.status.error?.description.contains("10001 records, more than the limit of 10000") == true)
        #expect(result.records.records.map(\.slug) == ["cached-experiment"])
        #expect(cache.saveCount == 0)
    }

    @Test func aRecordOverItsLimitIsRefusedByName() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = goodCache()
        let loader = RemoteExperimentsLoader(client: client(server, "huge-record"), cache: cache)

        let result = loader.loadBlocking(now: start + 1)
        guard case .recordTooLarge(let index, let id, let bytes, let limit)? = result.status.error?.kind else {
            Issue.record("expected a record over its limit, got \(result.status)")
            return
        }
        #expect(index == 0 && id == "fat" && bytes > 2 << 20 && limit == 1 << 20)
        #expect(result.status.error?.description.contains("record `fat` (number 1)") == true)
        #expect(result.status.error?.description.contains("1 MiB") == true)
        #expect(cache.saveCount == 0)
    }

    @Test func aRetryAfterOfMillenniaIsCappedAtADayAndShownAsAnISODate() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let cache = goodCache()
        let loader = RemoteExperimentsLoader(client: client(server, "retry-forever"), cache: cache)

        let first = loader.loadBlocking(now: start)
        #expect(first.status.error?.backoff.retryAfterSeconds == 86_400)
        #expect(first.backoffUntil == start + 86_400)
        #expect(cache.entry?.backoffUntil == start + 86_400)

        let waiting = loader.loadBlocking(now: start + 3600)
        let message = waiting.status.error?.description ?? ""
        #expect(message.contains("until 2027-01-16T08:00:00Z"), "\(message)")
        #expect(try server.requestPaths().count == 1)
        // A day later the server is asked again.
        _ = loader.loadBlocking(now: start + 86_400)
        #expect(try server.requestPaths().count == 2)
    }

    @Test func aBackoffHeaderOfMillenniaIsCappedAtADay() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let loader = RemoteExperimentsLoader(client: client(server, "backoff-forever"), cache: InMemoryRemoteSettingsCache())
        let result = loader.loadBlocking(now: start)
        #expect(result.status == .fresh && result.backoffUntil == start + 86_400)
    }

    /// What an older version stored from such an answer is not honored: the server is asked.
    @Test func aStoredWaitBeyondTheCapIsIgnored() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        var entry = goodCache().entry!
        entry.backoffUntil = start + 99_999_999_999
        let cache = InMemoryRemoteSettingsCache(entry)
        let loader = RemoteExperimentsLoader(client: client(server, "backoff"), cache: cache)

        let result = loader.loadBlocking(now: start)
        #expect(result.status == .fresh)
        #expect(cache.entry?.backoffUntil == start + 60)
        #expect(try server.requestPaths().count == 1)
    }

    @Test func credentialsInTheServerURLAreSentButNeverShown() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        var components = URLComponents(url: server.process.baseURL, resolvingAgainstBaseURL: false)!
        components.user = "reader"
        components.password = "s3cret"
        components.query = "_since=5"
        components.fragment = "top"
        let client = RemoteSettingsClient(server: components.url!, collection: RemoteSettingsCollection("status-503"), timeout: 10)
        #expect(client.recordsURL.absoluteString == server.client("status-503").recordsURL.absoluteString)

        let result = RemoteExperimentsLoader(client: client, cache: InMemoryRemoteSettingsCache()).loadBlocking(now: start)
        #expect(result.status.error?.kind == .httpStatus(503), "the request reached the server")
        for text in ["\(result.status)", result.url.absoluteString] {
            #expect(!text.contains("s3cret") && !text.contains("reader@") && !text.contains("_since") && !text.contains("#top"), "\(text)")
        }
        // The query is not sent either: it would ask for part of the collection.
        #expect(try server.requestPaths() == ["/v1/buckets/main/collections/status-503/records"])
        // An error built from any URL hides its credentials.
        let error = RemoteSettingsError(.httpStatus(500), url: URL(string: "https://u:p4ss@rs.example/v1/x")!)
        #expect(error.description == "HTTP 500 (internal server error) from https://rs.example/v1/x")
    }
}
