import Foundation
import Testing
@testable import FlagsTool
import TestServers
import TestTraits

extension Kinto {
    /// Record reads and conditional writes against a real Kinto with accounts and permissions: the
    /// run's shared team server, each test in a collection of its own.
    @Suite(.enabled(if: KintoServer.isAvailable, "needs a Kinto server: Python cannot import kinto (run .ci/run, or see the README's set-up)"))
    struct RemoteSettingsRecordsTests {
        static func records(_ kinto: KintoTeamServer, as user: String?, collection: String) -> RemoteSettingsRecords {
            RemoteSettingsRecords(server: kinto.baseURL, bucket: "flags", collection: collection,
                                  credentials: user.map { .basic(login: $0, password: KintoTeamServer.password[$0]!, source: "the test's \($0)") })
        }

        @Test func conditionalWritesAreRefusedOnceTheRecordMoved() throws {
            let kinto = try KintoTeamServer.shared.get()
            try kinto.createCollection("conditional-writes", like: .presets)
            let alice = Self.records(kinto, as: "alice", collection: "conditional-writes"), bob = Self.records(kinto, as: "bob", collection: "conditional-writes")
            let first = try alice.put("p", data: ["n": .int(1)], ifAbsent: true)
            #expect(first.id == "p" && first.data == ["n": .int(1)])
            #expect(try bob.get("p") == first)
            #expect(throws: RemoteSettingsWriteError.self) { try bob.put("p", data: ["n": .int(9)], ifAbsent: true) }

            let second = try bob.put("p", data: ["n": .int(2)], ifMatch: first.lastModified)
            #expect(second.lastModified > first.lastModified)
            do {
                try alice.put("p", data: ["n": .int(3)], ifMatch: first.lastModified)
                Issue.record("a stale If-Match was accepted")
            } catch {
                #expect(error.kind == .changedMeanwhile)
                #expect(error.description.contains("\(kinto.url)/buckets/flags/collections/conditional-writes/records/p"))
            }
            #expect(try alice.get("p")?.data == ["n": .int(2)])
            #expect(throws: RemoteSettingsWriteError.self) { try alice.delete("p", ifMatch: first.lastModified) }
            #expect(try alice.delete("p", ifMatch: second.lastModified))
            #expect(try alice.get("p") == nil)
            #expect(try alice.delete("p") == false)
            #expect(alice.principal() == "account:alice")
        }

        @Test func refusalsNameThePermissionOrTheMissingLogin() throws {
            let kinto = try KintoTeamServer.shared.get()
            try kinto.createCollection("refusals", like: .presets)
            try Self.records(kinto, as: "alice", collection: "refusals").put("p", data: [:])
            let carol = Self.records(kinto, as: "carol", collection: "refusals")
            #expect(try carol.list().map(\.id) == ["p"])
            do {
                try carol.put("p", data: ["mine": .bool(true)])
                Issue.record("a reader could write")
            } catch {
                #expect(error.kind == .forbidden(permission: "write", principal: "account:carol", bucket: "flags", collection: "refusals"))
            }
            do {
                _ = try Self.records(kinto, as: nil, collection: "refusals").list()
                Issue.record("an anonymous reader could list")
            } catch {
                #expect(error.kind == .unauthenticated(credentials: nil))
                #expect(error.description.contains("~/.netrc") && error.description.contains("FLAGS_REMOTE_USER"))
            }
        }

        @Test(arguments: [("http://rs.example/v1", "http://rs.example"), ("https://rs.example/v1/", "https://rs.example"),
                          ("http://127.0.0.1:8888", "http://127.0.0.1:8888"), ("http://h/prefix/v1?x=1#y", "http://h/prefix")])
        func serverRootDropsV1(_ text: String, _ root: String) {
            #expect(RemoteSettingsRecords.serverRoot(text)?.absoluteString == root)
        }

        @Test func serverRootRefusesWhatIsNotHTTP() {
            #expect(RemoteSettingsRecords.serverRoot("ftp://h/v1") == nil && RemoteSettingsRecords.serverRoot("rs.example/v1") == nil)
        }
    }
}
