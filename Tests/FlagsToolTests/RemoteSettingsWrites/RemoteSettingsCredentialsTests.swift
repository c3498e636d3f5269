import Foundation
import Testing
@testable import FlagsTool
import TestServers
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

    /// The credentials for `https://host`, named on the command line.
    private func find(_ host: String, _ environment: [String: String]) throws(RemoteSettingsCredentials.LookupError) -> RemoteSettingsCredentials? {
        try RemoteSettingsCredentials.find(for: URL(string: "https://\(host)")!, namedBy: .commandLine, environment: environment)
    }

    @Test func theTokenWinsThenTheUserAndPasswordThenTheNetrc() throws {
        _ = netrc("machine rs.example.com login netrc-user password netrc-pw")
        let all = ["FLAGS_REMOTE_TOKEN": "tok-123", "FLAGS_REMOTE_USER": "env-user", "FLAGS_REMOTE_PASSWORD": "env-pw", "HOME": folder.path]
        let token = try #require(try find("rs.example.com", all))
        #expect(token.authorization == "Bearer tok-123")
        var environment = all
        environment["FLAGS_REMOTE_TOKEN"] = nil
        let basic = try #require(try find("rs.example.com", environment))
        #expect(basic.authorization == "Basic " + Data("env-user:env-pw".utf8).base64EncodedString())
        environment["FLAGS_REMOTE_USER"] = nil
        environment["FLAGS_REMOTE_PASSWORD"] = nil
        let fromNetrc = try #require(try find("rs.example.com", environment))
        #expect(fromNetrc.authorization == "Basic " + Data("netrc-user:netrc-pw".utf8).base64EncodedString())
        #expect(fromNetrc.description == "the login for rs.example.com in \(folder.path)/.netrc")
        #expect(try find("other.example.com", environment) == nil)
        for credentials in [token, basic, fromNetrc] {
            for secret in ["tok-123", "env-pw", "netrc-pw"] { #expect(!"\(credentials)".contains(secret)) }
        }
    }

    @Test func netrcVariableNamesAnotherFile() throws {
        let path = folder.write("default login d password dpw", to: "team.netrc")
        let found = try #require(try find("x.example", ["NETRC": path, "HOME": "/nonexistent"]))
        #expect(found.description.contains(path))
        #expect(try find("x.example", ["HOME": folder.path + "/none"]) == nil)
    }

    @Test func halfAPairIsAnErrorSayingWhichHalf() {
        #expect(throws: RemoteSettingsCredentials.LookupError.self) {
            try find("h", ["FLAGS_REMOTE_USER": "alice"])
        }
        do {
            _ = try find("h", ["FLAGS_REMOTE_PASSWORD": "pw-only-9"])
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

    /// A registry is a file anyone may change: the environment's secrets never go to a server it
    /// names, while a netrc login, bound to its host, does.
    @Test func aServerARegistryNamesGetsNoEnvironmentCredentials() throws {
        let url = URL(string: "https://rs.attacker.example")!
        do {
            _ = try RemoteSettingsCredentials.find(for: url, namedBy: .file("feature-flags.yaml"), environment: ["FLAGS_REMOTE_TOKEN": "tok-9"])
            Issue.record("the token went to a server named by a registry")
        } catch {
            #expect(error.description.contains("comes from feature-flags.yaml, not from you") && !error.description.contains("tok-9"))
        }
        for origin in [RemoteServerOrigin.commandLine, .environment("FLAGS_REMOTE_URL")] {
            #expect(try RemoteSettingsCredentials.find(for: url, namedBy: origin, environment: ["FLAGS_REMOTE_TOKEN": "tok-9"])?.authorization == "Bearer tok-9")
        }
        _ = netrc("machine rs.attacker.example login l password p")
        #expect(try RemoteSettingsCredentials.find(for: url, namedBy: .file("feature-flags.yaml"), environment: ["HOME": folder.path]) != nil)
    }

    @Test func plainHTTPCarriesASecretOnlyToThisMachineUnlessAllowed() throws {
        let token = ["FLAGS_REMOTE_TOKEN": "tok-9"]
        for host in ["127.0.0.1", "127.0.0.2", "localhost", "[::1]"] {
            #expect(try RemoteSettingsCredentials.find(for: URL(string: "http://\(host):8888")!, namedBy: .commandLine, environment: token) != nil, "\(host)")
        }
        let remote = URL(string: "http://rs.example.com/v1")!
        #expect(throws: RemoteSettingsCredentials.LookupError.self) {
            try RemoteSettingsCredentials.find(for: remote, namedBy: .commandLine, environment: token)
        }
        #expect(try RemoteSettingsCredentials.find(for: remote, namedBy: .commandLine, environment: token, allowingPlainHTTP: true) != nil)
        #expect(try RemoteSettingsCredentials.find(for: remote, namedBy: .commandLine, environment: [:]) == nil, "anonymous reads need no TLS")
    }

    @Test(arguments: ["pw\r\nX-Injected: 1", "pw\n", "p\u{7F}w"])
    func aSecretWithAControlCharacterIsRefused(password: String) {
        for environment in [["FLAGS_REMOTE_TOKEN": password], ["FLAGS_REMOTE_USER": "alice", "FLAGS_REMOTE_PASSWORD": password]] {
            do {
                _ = try find("rs.example.com", environment)
                Issue.record("a secret with a control character was accepted")
            } catch {
                #expect(error.description.contains("control character") && !error.description.contains("X-Injected"))
            }
        }
        // A netrc splits at white space, so what can hide in its password is another control character.
        _ = netrc("machine rs.example.com login alice password p\u{1B}w")
        #expect(throws: RemoteSettingsCredentials.LookupError.self) { try find("rs.example.com", ["HOME": folder.path]) }
    }
}
