import Foundation
import Testing
import TestServers
@testable import RemoteSettings
import TestTraits

/// Ids are checked as Kinto checks them before anything is sent, and each is one path segment.
@Suite(.blocking) struct RemoteSettingsIDTests {
    @Test(arguments: ["nimbus-preview", "a", "A_b-9", "0day", String(repeating: "x", count: 255)])
    func kintoIDsAreAccepted(id: String) {
        #expect(RemoteSettingsID.isValid(id))
    }

    @Test(arguments: ["", "..", "../../accounts", "a/b", "-leading", "_leading", "dotted.name", "white space", "nul\u{0}", "new\nline",
                      "caf\u{E9}", "%2e%2e", String(repeating: "x", count: 256)])
    func anythingElseIsRefused(id: String) {
        #expect(!RemoteSettingsID.isValid(id))
        #expect(throws: InvalidRemoteSettingsID.self) { try RemoteSettingsID.check(id, as: "slug") }
    }

    @Test func eachSegmentIsEncodedWholeSoNoneCanWalk() {
        let server = URL(string: "https://rs.example.com/prefix/")!
        #expect(RemoteSettingsID.url(server, ["v1", "buckets", "main"]).absoluteString == "https://rs.example.com/prefix/v1/buckets/main")
        let walked = RemoteSettingsID.url(server, ["v1", "buckets", "../../accounts", "records", "a b?c#d"])
        #expect(walked.absoluteString == "https://rs.example.com/prefix/v1/buckets/%2E%2E%2F%2E%2E%2Faccounts/records/a%20b%3Fc%23d")
        #expect(walked.path.hasPrefix("/prefix/v1/buckets/"), "the path stays under the bucket list")
    }

    @Test(.enabled(if: ServerProcess.isPythonAvailable, "needs python3 for the test server"))
    func anInvalidIDSendsNothing() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let reader = RemoteSettingsClient(server: server.process.baseURL, bucket: "..", collection: RemoteSettingsCollection("x"))
        #expect(throws: RemoteSettingsError.self) { try reader.fetchBlocking(ifNoneMatch: nil) }
        #expect(try server.exchanges().isEmpty)
    }

    /// Only http and https are followed: a redirect to ftp:// (or file://) is an error, not a fetch.
    @Test(.enabled(if: ServerProcess.isPythonAvailable, "needs python3 for the test server"))
    func aRedirectToAnotherSchemeIsNotFollowed() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        do {
            _ = try server.client("redirect-ftp").fetchBlocking(ifNoneMatch: nil)
            Issue.record("the redirect to ftp:// was followed")
        } catch {
            guard case .transport(let detail) = error.kind else { Issue.record("\(error)"); return }
            #expect(detail.lowercased().contains("ftp"), "\(detail)")
        }
    }
}
