import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestServers
import TestTraits

extension Kinto {
    /// Shared presets between QA machines (separate stores) through a real Kinto with
    /// authentication on and the team's permissions (`KintoTeamServer`): memory backend here,
    /// PostgreSQL in `TeamPresetsPostgresTests` where the machine allows. The tests share one server
    /// and run side by side, each on presets of its own names.
    @Suite(.enabled(if: KintoServer.isAvailable, "Kinto is not installed and could not be installed from PyPI"))
    struct TeamPresetsTests {
        @Test func pushedPresetPulledOnAnotherMachineGivesTheSameFlags() throws {
            let kinto = try KintoTeamServer.shared.get()
            try TeamScenarios.pushThenPullGivesTheSameFlags(kinto)
        }

        @Test func stalePushIsRefusedShowingTheirChangesAndForceOverwrites() throws {
            let kinto = try KintoTeamServer.shared.get()
            try TeamScenarios.stalePushIsRefused(kinto, name: "stale-qa")
        }

        @Test func readOnlyMemberCanPullButNotPush() throws {
            let kinto = try KintoTeamServer.shared.get()
            try TeamScenarios.readOnlyMemberCannotPush(kinto)
        }

        @Test func pullIsAllOrNothing() throws {
            let kinto = try KintoTeamServer.shared.get()
            try TeamScenarios.pullIsAllOrNothing(kinto)
        }

        @Test func listShowsWhoChangedEachAndDeleteRemovesIt() throws {
            let kinto = try KintoTeamServer.shared.get()
            let alice = QAMachine.kinto("alice")
            try alice.flags("set", "tipJar", "off")
            try alice.flags("preset", "save", "checkout")
            #expect(try alice.flags("preset", "push", "checkout", "--remote", kinto.url).status == 0)
            let list = try QAMachine.kinto("carol").flags("preset", "list", "--remote", kinto.url)
            #expect(list.status == 0, "\(list.errors)")
            #expect(list.output.contains("CHANGED BY") && list.output.contains("checkout") && list.output.contains("account:alice"))
            #expect(list.output.contains(String(Calendar.current.component(.year, from: Date()))))

            let delete = try alice.flags("preset", "delete", "checkout", "--remote", kinto.url)
            #expect(delete.status == 0, "\(delete.errors)")
            #expect(try kinto.record("checkout") == nil)
            #expect(try alice.flags("preset", "list").output.contains("checkout"), "the local preset stays")
            let again = try alice.flags("preset", "pull", "checkout", "--remote", kinto.url)
            #expect(again.status == 1 && again.errors.contains("no shared preset named 'checkout'") && again.errors.contains("preset list --remote"))
        }

        /// A shared preset carries forced branches and feature overrides to another machine, and a
        /// stale push shows what the other person changed in them.
        @Test func forcedBranchesAndFeatureOverridesTravelInSharedPresets() throws {
            let kinto = try KintoTeamServer.shared.get()
            let alice = QAMachine.kinto("alice"), bob = QAMachine.kinto("bob")
            try alice.flags("enroll", "reviews-redesign", "--branch", "hidden")
            try alice.flags("feature", "set", "bibimbap-feature", "spice-level", "5")
            try alice.flags("preset", "save", "nimbus-qa")
            #expect(try alice.flags("preset", "push", "nimbus-qa", "--remote", kinto.url).status == 0)
            #expect(try bob.flags("preset", "pull", "nimbus-qa", "--remote", kinto.url).status == 0)
            try bob.flags("preset", "apply", "nimbus-qa")
            let reviews = try JSONParser.parse(try bob.flags("get", "reviews", "--json").output)
            #expect(reviews["forced"] == .bool(true) && reviews["experiment"]?["branch"] == .string("hidden"))

            try alice.flags("feature", "set", "bibimbap-feature", "spice-level", "1")
            try alice.flags("preset", "save", "nimbus-qa")
            #expect(try alice.flags("preset", "push", "nimbus-qa", "--remote", kinto.url).status == 0)
            try bob.flags("unenroll")
            try bob.flags("preset", "save", "nimbus-qa")
            let stale = try bob.flags("preset", "push", "nimbus-qa", "--remote", kinto.url)
            #expect(stale.status == 1 && stale.errors.contains("feature override bibimbap-feature.spice-level: 5 → 1"), "\(stale.errors)")
        }

        @Test func wrongPasswordAndMissingCredentialsSayWhatToDoWithoutShowingTheSecret() throws {
            let kinto = try KintoTeamServer.shared.get()
            let wrong = QAMachine(.environment(user: "alice", password: "not-her-password-42"))
            try wrong.flags("preset", "save", "x")
            let refused = try wrong.flags("preset", "push", "x", "--remote", kinto.url)
            #expect(refused.status == 1)
            #expect(refused.errors.contains("HTTP 401") && refused.errors.contains("FLAGS_REMOTE_USER and $FLAGS_REMOTE_PASSWORD"))
            #expect(refused.errors.contains(kinto.baseURL.absoluteString + "/v1/buckets/flags/collections/presets/records/x"))
            #expect(!refused.errors.contains("not-her-password-42") && !refused.output.contains("not-her-password-42"))

            let unsaved = try wrong.flags("preset", "push", "never-saved", "--remote", kinto.url)
            #expect(unsaved.status == 1 && unsaved.errors.contains("save the current state as one first: flags preset save never-saved"))
            try wrong.flags("preset", "save", "v1.2")
            let dotted = try wrong.flags("preset", "push", "v1.2", "--remote", kinto.url)
            #expect(dotted.status == 1 && dotted.errors.contains("cannot be shared: a Remote Settings record id is letters, digits"))

            let anonymous = QAMachine(.anonymous)
            try anonymous.flags("preset", "save", "x")
            let needs = try anonymous.flags("preset", "push", "x", "--remote", kinto.url)
            #expect(needs.status == 1 && needs.errors.contains("needs credentials") && needs.errors.contains("~/.netrc"))

            let onTheLine = try anonymous.flags("preset", "push", "x", "--remote", "http://alice:alice-pw-7f3a@127.0.0.1:\(kinto.process.port)/v1")
            #expect(onTheLine.status == 2 && onTheLine.errors.contains("must not carry a login"))
            #expect(!onTheLine.errors.contains("alice-pw-7f3a"))
        }

        @Test func registryRemoteSettingsBlockNamesTheServerAndCollection() throws {
            let kinto = try KintoTeamServer.shared.get()
            try kinto.admin("PUT", "buckets/flags/collections/team-presets",
                            #"{"permissions": {"read": ["/buckets/flags/groups/qa"], "write": ["account:alice"]}}"#)
            // A login in ~/.netrc: credentials in the environment never go to a server a registry names.
            let alice = QAMachine.kinto("alice", netrc: true)
            let app = try TeamScenarios.demoCopy(in: alice, adding: """
                remote-settings:
                  server: \(kinto.url)
                  collection: team-presets
                """)
            try alice.flags("set", "reviews", "off", in: app)
            try alice.flags("preset", "save", "reviews-off", in: app)
            let push = try alice.flags("preset", "push", "reviews-off", in: app)
            #expect(push.status == 0, "\(push.errors)")
            #expect(push.output.contains("/buckets/flags/collections/team-presets/records/reviews-off"))
            #expect(try kinto.record("reviews-off", collection: "team-presets") != nil)
            #expect(try kinto.record("reviews-off") == nil)
        }
    }
}

extension Kinto {
    /// The PostgreSQL variant: the same scenarios against Kinto on a throwaway PostgreSQL cluster.
    @Suite(.tags(.postgres), .serialized, .enabled(if: KintoServer.isAvailable && PostgresCluster.isAvailable,
                                 "needs Debian's postgresql (initdb, pg_ctl) and Kinto's PostgreSQL driver; see PostgresCluster.unavailableReason"))
    struct TeamPresetsPostgresTests {
        @Test func theTeamScenariosOnPostgreSQL() throws {
            let cluster = try PostgresCluster.start()
            defer { cluster.stop() }
            let kinto = try KintoTeamServer.start(postgres: cluster)
            defer { kinto.stop() }
            try TeamScenarios.pushThenPullGivesTheSameFlags(kinto)
            try TeamScenarios.stalePushIsRefused(kinto, name: "release-qa")
            try TeamScenarios.readOnlyMemberCannotPush(kinto, name: "smoke")
            try TeamScenarios.pullIsAllOrNothing(kinto)
        }
    }
}

/// The scenarios both backends run.
enum TeamScenarios {
    static func pushThenPullGivesTheSameFlags(_ kinto: KintoTeamServer) throws {
        let alice = QAMachine.kinto("alice"), bob = QAMachine.kinto("bob", netrc: true)
        try alice.flags("set", "tipJar", "off")
        try alice.flags("set", "newBibimbapMenu", "on")
        try alice.flags("preset", "save", "checkout-qa")
        let push = try alice.flags("preset", "push", "checkout-qa", "--remote", kinto.url)
        #expect(push.status == 0, "\(push.errors)")
        #expect(push.output.contains("pushed preset checkout-qa to \(kinto.url)/buckets/flags/collections/presets/records/checkout-qa"))

        try bob.flags("set", "reviews", "off")  // an override of bob's own, which the pull replaces
        let pull = try bob.flags("preset", "pull", "checkout-qa", "--remote", kinto.url)
        #expect(pull.status == 0, "\(pull.errors)")
        #expect(pull.output.contains("pulled preset checkout-qa"))
        // As one Nimbus client on both machines: each store has its own random id, and the demo's
        // experiments bucket clients by it; what the preset carries must be equal whatever the id.
        let client = ["--nimbus-id", "3d2142de-53bf-2d48-a92d-45fb7036cbf6", "list", "--json"]
        let bobs = try bob.flags(client).output, alices = try alice.flags(client).output
        #expect(bobs == alices)
        #expect(try JSONParser.parse(bobs).arrayValue?.filter { $0["override"] != .null }.count == 2)
        #expect(try bob.flags("preset", "list").output.contains("checkout-qa"), "kept as a local preset too")

        for machine in [alice, bob] {
            let secret = try #require(machine.password)
            #expect(!machine.storeBytes().isEmpty)
            #expect(machine.storeBytes().range(of: Data(secret.utf8)) == nil, "the password never reaches the store")
        }
        #expect(!push.output.contains(alice.password!) && !push.errors.contains(alice.password!))
        #expect(!pull.output.contains(bob.password!) && !pull.errors.contains(bob.password!))
    }

    static func stalePushIsRefused(_ kinto: KintoTeamServer, name: String = "checkout-qa") throws {
        let alice = QAMachine.kinto("alice"), bob = QAMachine.kinto("bob")
        try alice.flags("set", "tipJar", "off")
        try alice.flags("preset", "save", name)
        #expect(try alice.flags("preset", "push", name, "--remote", kinto.url).status == 0)
        #expect(try bob.flags("preset", "pull", name, "--remote", kinto.url).status == 0)

        // Alice changes it and pushes: her version is the one the server has, so it goes through.
        try alice.flags("set", "tipJar", "on")
        try alice.flags("preset", "save", name)
        #expect(try alice.flags("preset", "push", name, "--remote", kinto.url).status == 0)
        let onServer = try #require(try kinto.record(name))

        // Bob changes his (older) copy and pushes: refused, with what alice changed.
        try bob.flags("set", "reviews", "off")
        try bob.flags("preset", "save", name)
        let stale = try bob.flags("preset", "push", name, "--remote", kinto.url)
        #expect(stale.status == 1)
        #expect(stale.errors.contains("was changed by `account:alice`"), "\(stale.errors)")
        #expect(stale.errors.contains("tipJar override: off → on"))
        #expect(stale.errors.contains("nothing was pushed") && stale.errors.contains("--force") && stale.errors.contains("flags preset pull \(name)"))
        #expect(try kinto.record(name) == onServer, "the record on the server is unchanged")

        let forced = try bob.flags("preset", "push", name, "--remote", kinto.url, "--force")
        #expect(forced.status == 0, "\(forced.errors)")
        let record = try JSONParser.parse(try #require(try kinto.record(name)))
        #expect(record["data"]?["changedBy"] == .string("account:bob"))
        #expect(record["data"]?["preset"]?["overrides"] == .object(["tipJar": .bool(false), "reviews": .bool(false)]))

        // A preset made on a machine that never pulled it does not silently replace the team's.
        let carolsNew = QAMachine.kinto("alice")
        try carolsNew.flags("preset", "save", name)
        let fresh = try carolsNew.flags("preset", "push", name, "--remote", kinto.url)
        #expect(fresh.status == 1 && fresh.errors.contains("already exists") && fresh.errors.contains("account:bob"))
    }

    static func readOnlyMemberCannotPush(_ kinto: KintoTeamServer, name: String = "smoke") throws {
        let alice = QAMachine.kinto("alice"), carol = QAMachine.kinto("carol")
        try alice.flags("set", "promoBanner", "off")
        try alice.flags("preset", "save", name)
        #expect(try alice.flags("preset", "push", name, "--remote", kinto.url).status == 0)
        let before = try kinto.record(name)

        let pull = try carol.flags("preset", "pull", name, "--remote", kinto.url)
        #expect(pull.status == 0, "\(pull.errors)")
        try carol.flags("set", "reviews", "off")
        try carol.flags("preset", "save", name)
        let push = try carol.flags("preset", "push", name, "--remote", kinto.url)
        #expect(push.status == 1)
        #expect(push.errors.contains("`account:carol` lacks the `write` permission on collection flags/presets"), "\(push.errors)")
        #expect(push.errors.contains("\(kinto.url)/buckets/flags/collections/presets/records/\(name)") && push.errors.contains("ask an admin of the server to grant it (add you to the collection's `write` permission), or use credentials that have it"))
        #expect(try kinto.record(name) == before)
        #expect(!push.errors.contains(carol.password!))
    }

    static func pullIsAllOrNothing(_ kinto: KintoTeamServer) throws {
        // A record an older tool or a person wrote, with one unknown flag among good ones.
        try kinto.admin("PUT", "buckets/flags/collections/presets/records/broken",
                        #"{"data": {"preset": {"overrides": {"tipJar": false, "promoBaner": true}}, "changedBy": "account:admin"}}"#)
        let carol = QAMachine.kinto("carol")
        try carol.flags("set", "reviews", "off")
        let before = try carol.flags("list", "--json").output
        let pull = try carol.flags("preset", "pull", "broken", "--remote", kinto.url)
        #expect(pull.status == 1)
        #expect(pull.errors.contains("promoBaner") && pull.errors.contains("did you mean `promoBanner`") && pull.errors.contains("nothing was changed"))
        #expect(pull.errors.contains("\(kinto.url)/buckets/flags/collections/presets/records/broken"))
        #expect(try carol.flags("list", "--json").output == before)
        #expect(!(try carol.flags("preset", "list").output.contains("broken")))
    }

    /// A copy of the demo app in `machine`'s folder whose registry ends with `extra`; returns its folder.
    static func demoCopy(in machine: QAMachine, adding extra: String) throws -> String {
        try machine.flags("list")
        let demo = machine.folder.file("state/feature-flags/bibimbap/demo")
        let app = machine.folder.file("app")
        try FileManager.default.copyItem(atPath: demo, toPath: app)
        let registry = try String(contentsOfFile: app + "/feature-flags.yaml", encoding: .utf8)
        try (registry + "\n" + extra + "\n").write(toFile: app + "/feature-flags.yaml", atomically: true, encoding: .utf8)
        return app
    }
}
