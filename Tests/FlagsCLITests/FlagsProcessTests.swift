import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// The real `flags` binary in separate processes sharing one store file.
@Suite(.blocking) struct FlagsProcessTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

    @Test func anOverrideSetInOneProcessIsSeenByAnother() throws {
        let set = try BuiltProgram.run(BuiltProgram.flags, ["set", "promoBanner", "off"], environment: environment, in: folder.path)
        #expect(set.status == 0, "\(set.errors)")
        let get = try BuiltProgram.run(BuiltProgram.flags, ["get", "promoBanner", "--json"], environment: environment, in: folder.path)
        let flag = try JSONParser.parse(get.output)
        #expect(flag["override"] == .bool(false))
        #expect(flag["source"] == .string("override"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("store/prefs.sqlite"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func garbageStoreIsRefusedAndLeftUntouched() throws {
        let path = folder.file("store/prefs.sqlite")
        try FileManager.default.createDirectory(atPath: folder.file("store"), withIntermediateDirectories: true)
        let garbage = Data("this is not a database, just some notes\n".utf8)
        folder.write(garbage, to: path)
        let result = try BuiltProgram.run(BuiltProgram.flags, ["set", "promoBanner", "off"], environment: environment, in: folder.path)
        #expect(result.status == 1)
        #expect(result.errors.contains(path) && result.errors.contains("not an SQLite database"))
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func registryIsFoundByWalkingUpFromTheWorkingDirectory() throws {
        folder.write("""
            channels: [developer, beta, release]
            features:
              wave-feature:
                description: Waves
                variables:
                  enabled: { description: on, type: Boolean, default: true }
            """, to: "app/nimbus.fml.yaml")
        folder.write("app: waves\nmanifest: nimbus.fml.yaml\nflags:\n  wave:\n    feature: wave-feature\n    variable: enabled\n",
                     to: "app/feature-flags.yaml")
        try FileManager.default.createDirectory(atPath: folder.file("app/src/deep"), withIntermediateDirectories: true)
        let result = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment, in: folder.file("app/src/deep"))
        #expect(result.status == 0, "\(result.errors)")
        #expect(try JSONParser.parse(result.output).arrayValue?.compactMap { $0["id"]?.stringValue } == ["wave"])
    }

    @Test func brokenManifestErrorNamesFileLineAndColumn() throws {
        folder.write("channels: [developer, beta, release]\nfeatures:\n  f:\n    description: x\n    variables:\n      enabled: { description: on, type: Bool, default: true }\n",
                     to: "app/nimbus.fml.yaml")
        folder.write("app: broken\nmanifest: nimbus.fml.yaml\n", to: "app/feature-flags.yaml")
        let result = try BuiltProgram.run(BuiltProgram.flags, ["list"], environment: environment, in: folder.file("app"))
        #expect(result.status == 1)
        #expect(result.errors.contains(folder.file("app/nimbus.fml.yaml") + ":6:"))
    }
}
