import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Nimbus
import Testing
import TestHelpers
import TestTraits

/// `flags context`: the real binary on the demo, with a store in a temporary folder.
@Suite(.blocking) struct ContextCommandTests {
    let folder = TemporaryDirectory()

    private func flags(_ arguments: String...) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, ["--store", folder.file("prefs.sqlite")] + arguments,
                             environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "LANG": "fr_CA.UTF-8"], in: folder.path)
    }

    private func context(_ arguments: String...) throws -> JSONValue {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--store", folder.file("prefs.sqlite")] + arguments + ["context", "--json"],
                                          environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "LANG": "fr_CA.UTF-8"],
                                          in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        return try JSONParser.parse(result.output)
    }

    @Test func theJSONIsTheSDKsContext() throws {
        let first = try context()
        #expect(first["app_name"] == .string("bibimbap"))
        #expect(first["locale"] == .string("fr-CA"))
        #expect(first["language"] == .string("fr"))
        #expect(first["region"] == .string("CA"))
        #expect(first["os_version"] == .null, "unset, as on a device that does not set it")
        #expect(first["is_first_run"] == .bool(true), "this run created the client")
        #expect(first["nimbus_id"]?.stringValue?.count == 36)
        #expect(first["current_date"]?.intValue ?? 0 > 1_700_000_000)
        for name in TargetingAttributes.attributeNames { #expect(first[name] != nil, "\(name)") }
        let second = try context()
        #expect(second["is_first_run"] == .bool(false))
        #expect(second["nimbus_id"] == first["nimbus_id"])
        // The demo's records enrolled at the first run are this client's enrollments now.
        let enrolled = try #require(second["active_experiments"]?.arrayValue)
        #expect(!enrolled.isEmpty)
        #expect(second["enrollments_map"]?.objectValue?.count == second["enrollments"]?.arrayValue?.count)
        // --context wins, and is a preview.
        let preview = try context("--context", "os=Android", "--context", "enrollments=[]")
        #expect(preview["os"] == .string("Android"))
        #expect(preview["enrollments"] == .array([]))
        #expect(try context()["os"] == .null)
    }

    @Test func theTableSaysWhereEachAttributeComesFrom() throws {
        let result = try flags("--context", "os=Android", "context")
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("client ") == true)
        #expect(lines.dropFirst().first?.split(separator: " ", omittingEmptySubsequences: true) == ["ATTRIBUTE", "VALUE", "FROM"])
        func row(_ name: String) -> [String] {
            lines.first { $0.hasPrefix(name + " ") }.map { $0.split(separator: " ", maxSplits: 1).map(String.init) } ?? []
        }
        #expect(row("os").last?.hasSuffix("--context") == true, "\(lines)")
        #expect(row("os_version").last?.hasSuffix("not set") == true)
        #expect(row("app_name").last?.hasSuffix("registry app:") == true)
        #expect(row("days_since_install").last?.contains("store (nimbus.installedAt)") == true)
        #expect(lines.firstIndex { $0.hasPrefix("app_name ") }! < lines.firstIndex { $0.hasPrefix("nimbus_id ") }!, "the SDK's order")
    }

    @Test func theRegistrysContextReachesTargetingAndItsTextIsMadeSafe() throws {
        let registry = folder.file("app/feature-flags.yaml")
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--store", folder.file("prefs.sqlite"), "--config", registry, "context"],
                                          environment: ["HOME": folder.path], in: folder.path)
        // No registry yet: an error naming it.
        #expect(result.status != 0)
        SearchFeatureManifest.write(in: folder, to: "app/nimbus.fml.yaml")
        folder.write("""
            app: demo
            manifest: nimbus.fml.yaml
            flags:
              search: { feature: search-feature }
            context:
              device_model: "iPhone\\u001b[31m15"
              is_default_browser: true
            """, to: "app/feature-flags.yaml")
        let table = try BuiltProgram.run(BuiltProgram.flags, ["--store", folder.file("prefs.sqlite"), "--config", registry, "context"],
                                         environment: ["HOME": folder.path, "FLAGS_NO_CACHE": "1"], in: folder.path)
        #expect(table.status == 0, "\(table.errors)")
        #expect(!table.output.contains("\u{1B}"), "an escape from the registry never reaches the terminal")
        #expect(table.output.split(separator: "\n").contains { $0.hasPrefix("is_default_browser ") && $0.hasSuffix("registry context:") })
    }
}
