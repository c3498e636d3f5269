import Foundation
import Testing
import TestServers
@testable import Nimbus
@testable import RemoteSettings
import TestTraits

extension Kinto {
    /// The Remote Settings client and loader against a real Kinto server.
    @Suite(.serialized, .enabled(if: KintoServer.isAvailable, "needs a Kinto server: Python cannot import kinto (run .ci/run, or see the README's set-up)"))
    struct RemoteSettingsKintoTests {
        let start = Date(timeIntervalSince1970: 1_800_000_000)

        @Test func firstFetchParsesRecordsThenAnUnchangedCollectionAnswers304() throws {
            let kinto = try KintoServer.shared.get()
            try kinto.createCollection("nimbus-mobile-experiments")
            try kinto.put(RecordFixtures.record(slug: "homescreen-test"), in: "nimbus-mobile-experiments")
            try kinto.put(RecordFixtures.record(slug: "search-rollout", isRollout: true), in: "nimbus-mobile-experiments")
            let cache = InMemoryRemoteSettingsCache()
            let loader = RemoteExperimentsLoader(client: kinto.client(.mobileExperiments), cache: cache)

            let first = loader.loadBlocking(now: start)
            #expect(first.status == .fresh)
            #expect(first.records.records.map(\.slug).sorted() == ["homescreen-test", "search-rollout"])
            #expect(first.records.records.first { $0.slug == "search-rollout" }?.isRollout == true)
            #expect(first.records.skipped.isEmpty)
            #expect(first.previous == nil)
            #expect(first.diff == ExperimentRecordSetDiff(added: ["homescreen-test", "search-rollout"]))
            #expect(first.url.absoluteString == "\(kinto.baseURL.absoluteString)/v1/buckets/main/collections/nimbus-mobile-experiments/records")
            let entry = try #require(cache.entry)
            let etag = try #require(entry.etag)
            // Kinto's ETag is the collection timestamp in quotes.
            #expect(etag.first == "\"" && etag.last == "\"" && Int(etag.dropFirst().dropLast()) != nil)
            #expect(entry.fetchedAt == start)
            #expect(entry.backoffUntil == nil)

            let raw = try kinto.client(.mobileExperiments).fetchBlocking(ifNoneMatch: etag)
            #expect(raw.statusCode == 304)
            #expect(raw.isNotModified)
            #expect(raw.etag == etag)

            let second = loader.loadBlocking(now: start + 60)
            #expect(second.status == .unchanged)
            #expect(second.records == first.records)
            #expect(second.diff.isEmpty)
            #expect(cache.entry == RemoteSettingsCacheEntry(recordsText: entry.recordsText, etag: etag, fetchedAt: start + 60))
            #expect(cache.saveCount == 2)
        }

        @Test func addedRemovedAndChangedRecordsAreReported() async throws {
            let kinto = try KintoServer.shared.get()
            try kinto.createCollection("nimbus-preview")
            try kinto.put(RecordFixtures.record(slug: "a-onboarding"), in: "nimbus-preview")
            try kinto.put(RecordFixtures.record(slug: "b-homescreen"), in: "nimbus-preview")
            try kinto.put(RecordFixtures.record(slug: "c-broken", changes: ["bucketConfig": .null]), in: "nimbus-preview")
            let cache = InMemoryRemoteSettingsCache()
            let loader = RemoteExperimentsLoader(client: kinto.client(.preview), cache: cache)

            let first = await loader.load(now: start)
            #expect(first.status == .fresh)
            #expect(first.records.records.map(\.slug).sorted() == ["a-onboarding", "b-homescreen"])
            #expect(first.records.skipped.map(\.name) == ["c-broken"])
            #expect(first.records.skipped.first?.reason == "missing required field `bucketConfig`")
            let firstETag = cache.entry?.etag

            try kinto.put(RecordFixtures.record(slug: "d-search"), in: "nimbus-preview")
            try kinto.delete(recordID: "a-onboarding", in: "nimbus-preview")
            try kinto.put(RecordFixtures.record(slug: "b-homescreen", changes: ["userFacingName": .string("Renamed")]), in: "nimbus-preview")

            let second = await loader.load(now: start + 10)
            #expect(second.status == .fresh)
            #expect(second.diff == ExperimentRecordSetDiff(added: ["d-search"], removed: ["a-onboarding"], changed: ["b-homescreen"]))
            #expect(second.records.records.first { $0.slug == "b-homescreen" }?.userFacingName == "Renamed")
            #expect(cache.entry?.etag != firstETag)
            #expect(cache.entry?.fetchedAt == start + 10)
        }

        @Test func aMissingCollectionIsAnHTTPErrorNamingTheURL() throws {
            let kinto = try KintoServer.shared.get()
            let client = kinto.client(RemoteSettingsCollection("no-such-collection"))
            let result = RemoteExperimentsLoader(client: client, cache: InMemoryRemoteSettingsCache()).loadBlocking(now: start)
            let error = try #require(result.status.error)
            guard case .noData = result.status, case .httpStatus(let status) = error.kind else {
                Issue.record("expected noData with an HTTP status, got \(result.status)")
                return
            }
            #expect([403, 404].contains(status))
            #expect(error.description.hasPrefix("HTTP \(status) "))
            #expect(error.description.hasSuffix(client.recordsURL.absoluteString))
            #expect(result.records.records.isEmpty)
        }

        @Test func aStoppedServerFallsBackToTheCacheAndReportsItsAge() throws {
            let kinto = try KintoServer.start()
            defer { kinto.stop() }
            try kinto.createCollection("nimbus-mobile-experiments")
            try kinto.put(RecordFixtures.record(slug: "homescreen-test"), in: "nimbus-mobile-experiments")
            let cache = InMemoryRemoteSettingsCache()
            let loader = RemoteExperimentsLoader(client: kinto.client(.mobileExperiments), cache: cache)
            let first = loader.loadBlocking(now: start)
            #expect(first.status == .fresh)
            let saved = cache.entry

            kinto.stop()
            #expect(!kinto.process.isRunning)

            let offline = loader.loadBlocking(now: start + 90)
            guard case .fromCache(let age, let error) = offline.status else {
                Issue.record("expected cached records, got \(offline.status)")
                return
            }
            #expect(age == 90)
            guard case .cannotConnect = error.kind else {
                Issue.record("expected a connection failure, got \(error)")
                return
            }
            #expect(error.description.contains(loader.client.recordsURL.absoluteString))
            #expect(offline.status.description.hasPrefix("using cached records fetched 90 s ago: cannot connect to http://127.0.0.1:"))
            #expect(offline.records == first.records)
            #expect(offline.diff.isEmpty)
            #expect(cache.entry == saved)
            #expect(cache.saveCount == 1)
        }
    }
}
