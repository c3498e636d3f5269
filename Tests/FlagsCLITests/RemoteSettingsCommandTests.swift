import FeatureFlagsTestSupport
import Foundation
import Formats
import RemoteSettings
import Testing
import TestServers
import TestHelpers
import TestTraits

extension Kinto {
    /// `flags` against a real Kinto server: a rollout fetched from it decides a flag, a deletion is
    /// picked up by `flags fetch`, and a stopped server is answered from the offline cache. The test
    /// that stops its server has one of its own; the others share the run's, each in its own collection.
    @Suite(.enabled(if: KintoServer.isAvailable, "Kinto is not installed and could not be installed from PyPI"))
    struct RemoteSettingsCommandTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
            try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
        }

        private func rollout() -> JSONValue {
            guard case .object(var record) = ExperimentsCommandTests.record(
                "tips-rollout", feature: "tip-jar-feature", branches: [("on", 1, .object(["enabled": .bool(true)]))], isRollout: true) else { return .null }
            record["id"] = .string("tips-rollout")
            return .object(record)
        }

        @Test func rolloutFromKintoDecidesTheFlagUntilDeletedAndTheCacheAnswersWhenTheServerIsGone() throws {
            let server = try KintoServer.start()
            defer { server.stop() }
            try server.createCollection("nimbus-mobile-experiments")
            try server.put(rollout(), in: "nimbus-mobile-experiments")
            let url = server.client(.mobileExperiments).recordsURL.absoluteString
            let tipJar = ["--channel", "release", "get", "tipJar", "--json", "--experiments", url]

            let first = try flags(tipJar)
            #expect(first.status == 0, "\(first.errors)")
            let flag = try JSONParser.parse(first.output)
            #expect(flag["source"] == .string("rollout") && flag["rollout"] == .string("tips-rollout") && flag["enabled"] == .bool(true))

            try server.delete(recordID: "tips-rollout", in: "nimbus-mobile-experiments")
            let fetch = try flags(["fetch", "--experiments", url])
            #expect(fetch.status == 0, "\(fetch.errors)")
            #expect(fetch.output.contains("removed: tips-rollout"))
            #expect(try JSONParser.parse(try flags(tipJar).output)["source"] == .string("default"))

            try server.put(rollout(), in: "nimbus-mobile-experiments")
            #expect(try flags(["fetch", "--experiments", url]).output.contains("added:   tips-rollout"))
            let unchanged = try flags(["fetch", "--experiments", url])
            #expect(unchanged.output.contains("unchanged") && unchanged.output.contains("No records changed"))

            server.stop()
            let offline = try flags(tipJar)
            #expect(offline.status == 0)
            #expect(try JSONParser.parse(offline.output)["source"] == .string("rollout"), "answered from the cache")
            #expect(offline.errors.contains("using cached records") && offline.errors.contains(url))
            let failedFetch = try flags(["fetch", "--experiments", url])
            #expect(failedFetch.status == 1 && failedFetch.errors.contains("cached records were kept"))
        }

        /// A forced branch is the store's, not the records': a fetch that changes the records keeps it,
        /// and it applies to the fetched record (here, one whose targeting excludes every client).
        @Test func aForcedBranchSurvivesAFetch() throws {
            let server = try KintoServer.shared.get()
            try server.createCollection("forced-survives-fetch")
            guard case .object(var record) = ExperimentsCommandTests.record(
                "tips-test", feature: "tip-jar-feature", branches: [("off", 1, .object([:])), ("on", 1, .object(["enabled": .bool(true)]))],
                targeting: "false") else { return }
            record["id"] = .string("tips-test")
            try server.put(.object(record), in: "forced-survives-fetch")
            let url = server.client(RemoteSettingsCollection("forced-survives-fetch")).recordsURL.absoluteString
            let tipJar = ["--channel", "release", "get", "tipJar", "--json", "--experiments", url]
            #expect(try JSONParser.parse(try flags(tipJar).output)["enabled"] == .bool(false))

            let enroll = try flags(["--experiments", url, "enroll", "tips-test", "--branch", "on"])
            #expect(enroll.status == 0 && enroll.output.contains("enrolled in branch `on` (forced"), "\(enroll.output) \(enroll.errors)")
            record["userFacingDescription"] = .string("changed on the server")
            try server.put(.object(record), in: "forced-survives-fetch")
            let fetch = try flags(["fetch", "--experiments", url])
            #expect(fetch.status == 0 && fetch.output.contains("tips-test"), "\(fetch.output) \(fetch.errors)")
            let flag = try JSONParser.parse(try flags(["get", "tipJar", "--json", "--experiments", url]).output)
            #expect(flag["source"] == .string("experiment") && flag["forced"] == .bool(true))
            #expect(flag["experiment"] == .object(["slug": .string("tips-test"), "branch": .string("on")]))
        }

        @Test func registryRemoteSettingsBlockIsUsed() throws {
            let server = try KintoServer.shared.get()
            try server.createCollection("registry-block")
            try server.put(rollout(), in: "registry-block")
            // A copy of the demo whose registry points at this test's collection of the server.
            _ = try BuiltProgram.run(BuiltProgram.flags, ["list"], environment: environment, in: folder.path)
            let demo = folder.file("state/feature-flags/bibimbap/demo")
            let registry = try String(contentsOfFile: demo + "/feature-flags.yaml", encoding: .utf8)
                .replacingOccurrences(of: "experiments: experiments.json", with: """
                    experiments:
                      remote-settings:
                        server: \(server.baseURL.absoluteString)
                        collection: registry-block
                    """)
            let app = folder.file("app")
            try FileManager.default.copyItem(atPath: demo, toPath: app)
            try registry.write(toFile: app + "/feature-flags.yaml", atomically: true, encoding: .utf8)
            let result = try BuiltProgram.run(BuiltProgram.flags, ["--channel", "release", "get", "tipJar", "--json"], environment: environment, in: app)
            #expect(result.status == 0, "\(result.errors)")
            #expect(try JSONParser.parse(result.output)["source"] == .string("rollout"))
            #expect(try BuiltProgram.run(BuiltProgram.flags, ["--offline", "experiments"], environment: environment, in: app).errors.contains("offline: using cached records"))
        }
    }
}
