import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestServers
import TestTraits

/// Where credentials go, seen from a server on a second loopback address (127.0.0.2, another
/// host as far as a URL goes): the environment's only to a server the user named, never one a
/// registry names; no secret with a line break; a netrc others can read is refused; a record of
/// another id is not taken for the one asked; a redirect to ftp:// is not followed.
@Suite(.blocking, .enabled(if: ServerProcess.isPythonAvailable, "needs python3 for the test server"))
struct RemoteSettingsTrustTests {
    static let token = "tok-trust-5f1e"

    /// A copy of the demo whose registry's `remote-settings:` names `server`, in `machine`'s folder.
    func demo(in machine: QAMachine, naming server: FixedAnswerServer, collection: String = "presets") throws -> String {
        try TeamScenarios.demoCopy(in: machine, adding: """
            remote-settings:
              server: \(server.process.baseURL.absoluteString)/v1
              collection: \(collection)
            """)
    }

    @Test func environmentCredentialsGoOnlyToAServerTheUserNamed() throws {
        let server = try FixedAnswerServer.start(host: "127.0.0.2")
        defer { server.stop() }
        let machine = QAMachine(.anonymous)
        let app = try demo(in: machine, naming: server)
        try machine.flags("preset", "save", "mine", in: app)
        let token = ["FLAGS_REMOTE_TOKEN": Self.token]

        let fromRegistry = try machine.flags(["preset", "push", "mine"], in: app, environment: token)
        #expect(fromRegistry.status == 1)
        #expect(fromRegistry.errors.contains("comes from \(app)/feature-flags.yaml, not from you") && fromRegistry.errors.contains("--remote URL or $FLAGS_REMOTE_URL"),
                "\(fromRegistry.errors)")
        #expect(!fromRegistry.errors.contains(Self.token))
        #expect(try server.exchanges().isEmpty, "nothing reached the server a registry named")

        let url = server.process.baseURL.absoluteString + "/v1"
        let named = try machine.flags(["preset", "push", "mine", "--remote", url], in: app, environment: token)
        #expect(named.status == 0, "\(named.errors)")
        let fromVariable = try machine.flags(["preset", "push", "mine", "--force"], in: app, environment: token.merging(["FLAGS_REMOTE_URL": url]) { $1 })
        #expect(fromVariable.status == 0, "\(fromVariable.errors)")
        let sent = try server.exchanges().filter { $0.method == "PUT" }
        #expect(sent.count == 2 && sent.allSatisfy { $0.authorization == "Bearer \(Self.token)" }, "\(sent)")
    }

    @Test func aNetrcLoginGoesToItsHostWhoeverNamedIt() throws {
        let server = try FixedAnswerServer.start(host: "127.0.0.2")
        defer { server.stop() }
        let machine = QAMachine(.netrc(user: "qa", password: "netrc-pw-8c"), host: "127.0.0.2")
        let app = try demo(in: machine, naming: server)
        try machine.flags("preset", "save", "mine", in: app)
        let push = try machine.flags("preset", "push", "mine", in: app)
        #expect(push.status == 0, "\(push.errors)")
        #expect(try server.exchanges().first { $0.method == "PUT" }?.authorization == "Basic " + Data("qa:netrc-pw-8c".utf8).base64EncodedString())
    }

    // (A NUL cannot be tried: an environment variable ends at its first NUL.)
    @Test(arguments: ["tok\r\nX-Injected: yes", "tok\nX-Injected: yes", "tok\u{1B}[2J"])
    func aSecretWithALineBreakIsRefusedBeforeAnythingIsSent(token: String) throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let machine = QAMachine(.anonymous)
        try machine.flags("preset", "save", "mine")
        let push = try machine.flags(["preset", "push", "mine", "--remote", server.process.baseURL.absoluteString + "/v1"],
                                     environment: ["FLAGS_REMOTE_TOKEN": token])
        #expect(push.status == 1 && push.errors.contains("$FLAGS_REMOTE_TOKEN holds a control character"), "\(push.errors)")
        #expect(try server.exchanges().isEmpty)
    }

    @Test func aNetrcOthersCanReadIsRefusedNamingItsMode() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let machine = QAMachine(.netrc(user: "qa", password: "netrc-pw-8c"))
        let netrc = machine.folder.file(".netrc")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: netrc)
        try machine.flags("preset", "save", "mine")
        let url = server.process.baseURL.absoluteString + "/v1"
        let push = try machine.flags("preset", "push", "mine", "--remote", url)
        #expect(push.status == 1 && push.errors.contains("\(netrc) holds a password but its mode is 0644") && push.errors.contains("chmod 600"),
                "\(push.errors)")
        #expect(!push.errors.contains("netrc-pw-8c"))
        #expect(try server.exchanges().isEmpty)

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: netrc)
        if BuiltProgram.isRoot {
            // Owned by another user, even private, it is not the user's own to trust.
            #expect(BuiltProgram.system("/bin/chown", ["65534", netrc]) == 0)
            let foreign = try machine.flags("preset", "push", "mine", "--remote", url)
            #expect(foreign.status == 1 && foreign.errors.contains("belongs to user 65534, not to you"), "\(foreign.errors)")
            #expect(try server.exchanges().isEmpty)
        }
    }

    @Test func aPulledRecordOfAnotherIdIsNotSavedUnderTheNameAsked() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let machine = QAMachine(.anonymous)
        let app = try demo(in: machine, naming: server, collection: "other-id")
        let before = try machine.flags(["list", "--json"], in: app).output
        let pull = try machine.flags("preset", "pull", "checkout", in: app)
        #expect(pull.status == 1 && pull.errors.contains("the server answered with record `someone-else`, not `checkout`"), "\(pull.errors)")
        #expect(try machine.flags(["list", "--json"], in: app).output == before)
        #expect(!(try machine.flags(["preset", "list"], in: app).output.contains("checkout")))
    }

    @Test func aServersMessageCannotPrintALineOfItsOwn() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let machine = QAMachine(.anonymous)
        let app = try demo(in: machine, naming: server, collection: "multiline-error")
        try machine.flags("preset", "save", "mine", in: app)
        let push = try machine.flags("preset", "push", "mine", in: app)
        #expect(push.status == 1)
        #expect(push.errors.contains("HTTP 400"), "\(push.errors)")
        for line in push.errors.split(separator: "\n") { #expect(!line.hasPrefix("flags: all clear"), "\(push.errors)") }
    }

    /// The built-in demo's files are written anew on every run, so an error never tells the user
    /// to edit them: it says how to make a copy, and each file says so at its top.
    @Test func theDemoIsNeverTheFileToEdit() throws {
        let machine = QAMachine(.anonymous)
        try machine.flags("preset", "save", "mine")
        let push = try machine.flags("preset", "push", "mine")
        #expect(push.status == 1 && push.errors.contains("copy the built-in demo's folder (cp -r "), "\(push.errors)")
        #expect(!push.errors.contains("to \(machine.folder.file("state/feature-flags/bibimbap/demo/feature-flags.yaml"))"))
        for file in ["feature-flags.yaml", "nimbus.fml.yaml", "nimbus-features/orderingFeatures.yaml"] {
            let text = try String(contentsOfFile: machine.folder.file("state/feature-flags/bibimbap/demo/" + file), encoding: .utf8)
            #expect(text.contains("`flags` rewrites this file on every run: edits here are lost"), "\(file)")
        }
    }
}
