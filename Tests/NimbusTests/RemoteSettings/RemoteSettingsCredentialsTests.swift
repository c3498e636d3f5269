import Foundation
import Testing
import TestServers
@testable import Nimbus
import TestTraits

/// Where credentials come from, which wins, and that their text never shows them.
@Suite(.blocking) struct RemoteSettingsCredentialsTests {
    let folder = Folder()

    /// A temporary folder of the test's own, removed with it.
    final class Folder {
        let path = NSTemporaryDirectory() + "nimbus-credentials-" + UUID().uuidString
        init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
        func write(_ text: String, to name: String) -> String {
            _ = FileManager.default.createFile(atPath: file(name), contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            return file(name)
        }
    }

    private func netrc(_ text: String) -> String { folder.write(text, to: ".netrc") }

    @Test func theTokenWinsThenTheUserAndPasswordThenTheNetrc() throws {
        _ = netrc("machine rs.example.com login netrc-user password netrc-pw")
        let all = ["FLAGS_REMOTE_TOKEN": "tok-123", "FLAGS_REMOTE_USER": "env-user", "FLAGS_REMOTE_PASSWORD": "env-pw", "HOME": folder.path]
        let token = try #require(try RemoteSettingsCredentials.find(forHost: "rs.example.com", environment: all))
        #expect(token.authorization == "Bearer tok-123")
        var environment = all
        environment["FLAGS_REMOTE_TOKEN"] = nil
        let basic = try #require(try RemoteSettingsCredentials.find(forHost: "rs.example.com", environment: environment))
        #expect(basic.authorization == "Basic " + Data("env-user:env-pw".utf8).base64EncodedString())
        environment["FLAGS_REMOTE_USER"] = nil
        environment["FLAGS_REMOTE_PASSWORD"] = nil
        let fromNetrc = try #require(try RemoteSettingsCredentials.find(forHost: "rs.example.com", environment: environment))
        #expect(fromNetrc.authorization == "Basic " + Data("netrc-user:netrc-pw".utf8).base64EncodedString())
        #expect(fromNetrc.description == "the login for rs.example.com in \(folder.path)/.netrc")
        #expect(try RemoteSettingsCredentials.find(forHost: "other.example.com", environment: environment) == nil)
        for credentials in [token, basic, fromNetrc] {
            for secret in ["tok-123", "env-pw", "netrc-pw"] { #expect(!"\(credentials)".contains(secret)) }
        }
    }

    @Test func netrcVariableNamesAnotherFile() throws {
        let path = folder.write("default login d password dpw", to: "team.netrc")
        let found = try #require(try RemoteSettingsCredentials.find(forHost: "x.example", environment: ["NETRC": path, "HOME": "/nonexistent"]))
        #expect(found.description.contains(path))
        #expect(try RemoteSettingsCredentials.find(forHost: "x.example", environment: ["HOME": folder.path + "/none"]) == nil)
    }

    @Test func halfAPairIsAnErrorSayingWhichHalf() {
        #expect(throws: RemoteSettingsCredentials.LookupError.self) {
            try RemoteSettingsCredentials.find(forHost: "h", environment: ["FLAGS_REMOTE_USER": "alice"])
        }
        do {
            _ = try RemoteSettingsCredentials.find(forHost: "h", environment: ["FLAGS_REMOTE_PASSWORD": "pw-only-9"])
        } catch {
            #expect(error.description.contains("FLAGS_REMOTE_USER is not") && !error.description.contains("pw-only-9"))
        }
    }

    @Test(.enabled(if: ServerProcess.isPythonAvailable, "needs python3 for the test server"))
    func theBearerTokenIsSentAsTheAuthorizationHeader() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let records = RemoteSettingsRecords(server: server.process.baseURL, bucket: "main", collection: "echo-authorization",
                                            credentials: .bearer("tok-42", source: "test"))
        let record = try #require(try records.get("x"))
        #expect(record.data["authorization"] == .string("Bearer tok-42"))
        let anonymous = RemoteSettingsRecords(server: server.process.baseURL, bucket: "main", collection: "echo-authorization", credentials: nil)
        #expect(try anonymous.get("x")?.data["authorization"] == .null)
    }
}

