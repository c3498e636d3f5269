import Foundation
import Testing
@testable import FML

/// nimbus-fml's own front-end fixtures (mozilla/application-services,
/// `components/support/nimbus-fml/fixtures/fe/`, vendored in `Examples/nimbus-fml/fe`): each
/// manifest the upstream tests load must load here, and each one upstream refuses must be
/// refused for the same reason.
private let fixtures: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/nimbus-fml/fe").path

@Suite struct NimbusFMLFixtureTests {
    /// The manifests nimbus-fml's tests load as roots (`parser.rs`, `command_line/workflows.rs`,
    /// `defaults/merger.rs`), each with its channels as the loader reads them.
    static let valid: [(file: String, channels: [String])] = [
        ("browser.yaml", ["release", "beta", "nightly", "developer"]),
        ("browser-with-prefs.yaml", ["release", "beta", "nightly", "developer"]),
        ("bundled_resouces.yaml", ["testing"]),
        ("dx_improvements.yaml", ["testing"]),
        ("enums.fml.yaml", ["release"]),
        ("gecko-pref.yaml", ["release", "beta", "nightly", "developer"]),
        ("misc-features.yaml", ["debug"]),
        ("nimbus_features.yaml", ["release", "nightly", "debug"]),
        ("no_about_no_channels.yaml", []),
        ("pref_overrides.fml.yaml", ["debug"]),
        ("string-aliases.fml.yaml", ["storms", "cyclones"]),
        ("including/ios.yaml", ["release", "beta", "nightly"]),
        ("including/deep/00-head.yaml", ["release", "beta", "nightly"]),
        ("including/circular/snake.yaml", ["release", "beta", "nightly"]),
        ("importing/simple/app.yaml", ["debug", "release"]),
        ("importing/simple/lib.yaml", ["test-embedding", "debug", "nightly"]),
        ("importing/channels/app.fml.yaml", ["app-debug", "app-release"]),
        ("importing/channels/lib.fml.yaml", ["debug", "nightly", "release"]),
        ("importing/overrides/app.fml.yaml", ["debug", "release"]),
        ("importing/overrides/lib.fml.yaml", ["debug", "release"]),
        ("importing/overrides-coverall/app.fml.yaml", ["debug", "release"]),
        ("importing/overrides-coverall/lib.fml.yaml", ["debug", "release"]),
        ("importing/diamond/00-app.yaml", ["debug", "release"]),
        ("importing/diamond/01-lib.yaml", ["debug", "release"]),
        ("importing/diamond/02-sublib.yaml", ["debug", "release"]),
        ("importing/including-imports/app.fml.yaml", ["debug", "release"]),
        ("importing/including-imports/ui.fml.yaml", ["none"]),
        ("importing/coenrolling/app.fml.yaml", ["debug", "release"]),
        ("importing/coenrolling/ui.fml.yaml", ["none"]),
        ("importing/cli-test/app.fml.yaml", ["debug", "release"]),
        ("config-examples/app.fml.yaml", ["debug", "release"]),
        ("config-examples/lib.fml.yaml", ["ios", "android"]),
    ]

    @Test(arguments: valid)
    func validFixtureLoads(_ fixture: (file: String, channels: [String])) throws {
        do {
            let manifest = try FeatureManifest.load(path: "\(fixtures)/\(fixture.file)")
            #expect(manifest.channels == fixture.channels, "\(fixture.file)")
            // Upstream validates them, so nothing here is what it would refuse.
            #expect(manifest.warnings.isEmpty, "\(fixture.file): \(manifest.warnings)")
        } catch {
            Issue.record("\(fixture.file): \(error)")
        }
    }

    /// A listing reads one variable of each feature's default: worked out alone, it must be
    /// that variable of the whole value, for every feature, variable and channel of upstream's
    /// fixtures and of the Firefox for iOS, Fenix and Focus manifests (defaults blocks per
    /// channel, objects merged key by key, imported features, variables that are missing), and
    /// so must the one read through the feature's handle, as a flag of the registry reads it.
    @Test func oneVariablesDefaultIsThatVariableOfTheWholeDefault() throws {
        let examples = URL(fileURLWithPath: fixtures).deletingLastPathComponent().deletingLastPathComponent().path
        let paths = Self.valid.map { "\(fixtures)/\($0.file)" }
            + ["firefox-ios/manifest/nimbus.fml.yaml", "fenix/manifest/fenix/app/nimbus.fml.yaml", "focus-android/manifest/nimbus.fml.yaml"].map { "\(examples)/\($0)" }
        var compared = 0
        for path in paths {
            let manifest = try FeatureManifest.load(path: path)
            for id in manifest.featureIDs {
                let names = (manifest.feature(id)?.variables.map(\.name) ?? []) + ["no-such-variable"]
                let handle = try #require(manifest.handle(forFeature: id))
                for channel in manifest.channels + ["no-such-channel"] {
                    let whole = manifest.defaultValue(forFeature: id, channel: channel)
                    for name in names {
                        #expect(manifest.defaultValue(forFeature: id, variable: name, channel: channel) == whole[name], "\(path) \(id).\(name) \(channel)")
                        #expect(manifest.defaultValueReadOnce(forFeature: id, variable: name, channel: channel) == whole[name], "\(path) \(id).\(name) \(channel)")
                        #expect(manifest.defaultValue(of: handle, variable: name, channel: channel) == whole[name], "\(path) \(id).\(name) \(channel)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1_000)
    }

    /// The fixtures nimbus-fml refuses, with words of the reason this loader gives for the same
    /// fault. `default_merging.yaml` is only merged by its upstream test (`parser.rs`,
    /// `test_merging_defaults`), never validated; validating it (`nimbus-fml validate`) refuses
    /// its `alt-text`, a field the object `Button` does not declare, and so does this loader.
    /// `reexporting` is the upstream test marked `#[ignore]` (EXP-2540): an app may not override
    /// a feature of a library its import itself imports. `app-with-broken-example` adds an
    /// example with a property the feature lacks (`client/inspector.rs`, `validating_test`).
    static let refused: [(file: String, reason: String)] = [
        ("invalid/invalid_default_value_for_one_channel.fml.yaml", "at 'enabled': expected Boolean, found integer"),
        ("importing/reexporting/00-app.yaml", "cannot override defaults of feature 'deeply-nested-feature'"),
        ("default_merging.yaml", "unknown field 'alt-text' of object Button"),
        ("config-examples/app-with-broken-example.fml.yaml",
         "invalid example 'Broken example with invalid-property' of feature 'my-component-feature' imported from"),
    ]

    @Test(arguments: refused)
    func refusedFixtureFails(_ fixture: (file: String, reason: String)) {
        do {
            _ = try FeatureManifest.load(path: "\(fixtures)/\(fixture.file)")
            Issue.record("\(fixture.file) loaded; nimbus-fml refuses it")
        } catch {
            #expect(error.message.contains(fixture.reason), "\(fixture.file): \(error)")
        }
    }

    /// `importing/diamond`: the app imports sublib (overriding `app-fml` and `order-dependent`)
    /// and lib, which imports sublib too (overriding `lib-fml` and `order-dependent`). Upstream's
    /// expectation (`test/importing/diamond/00-app.kts`): lib's override, applied later, wins.
    @Test func diamondImportAppliesEveryImportersOverridesInWalkOrder() throws {
        let manifest = try FeatureManifest.load(path: "\(fixtures)/importing/diamond/00-app.yaml")
        for channel in ["debug", "release"] {
            let value = manifest.defaultValue(forFeature: "deeply-nested-feature", channel: channel)
            #expect(value["no-override"] == .string("none"))
            #expect(value["lib-fml"] == .string("lib-fml"))
            #expect(value["app-fml"] == .string("app-fml"))
            #expect(value["order-dependent"] == .string("lib-fml"))
        }
        // lib's override of sublib's other feature, over sublib's release default.
        let other = manifest.defaultValue(forFeature: "property-overrides-test", channel: "debug")
        #expect(other["lib-fml"] == .string("lib-fml"))
        #expect(other["channel-specific"] == .string("none"))
    }

    /// `importing/simple`: lib is imported with its `test-embedding` channel (so its `nightly`
    /// block does not apply); the app's blocks name the app's channels and merge in file order,
    /// so the later block without a channel wins in debug too (`defaults/merger.rs`,
    /// `collect_channel_defaults`).
    @Test func importOverridesApplyInFileOrderForTheImportersChannel() throws {
        let manifest = try FeatureManifest.load(path: "\(fixtures)/importing/simple/app.yaml")
        #expect(manifest.featureIDs.contains("homescreen"))
        #expect(manifest.featureIDs.contains("search"))
        for channel in ["debug", "release"] {
            let sections = manifest.defaultValue(forFeature: "homescreen", channel: channel)["sections-enabled"]
            #expect(sections?["pocket"] == .bool(false))
            #expect(sections?["jump-back-in"] == .bool(false))
        }
        #expect(manifest.files.contains { $0.hasSuffix("importing/simple/lib.yaml") })
    }

    /// `importing/overrides`: lib's release defaults (the channel of the import), then the app's
    /// block for every channel (`test/importing/overrides/app_debug.kts`).
    @Test func importedFeatureKeepsItsImportChannelDefaults() throws {
        let manifest = try FeatureManifest.load(path: "\(fixtures)/importing/overrides/app.fml.yaml")
        let value = manifest.defaultValue(forFeature: "property-overrides-test", channel: "debug")
        #expect(value["lib-fml"] == .string("lib-fml"))
        #expect(value["app-fml"] == .string("app-fml"))
        #expect(value["channel-specific"] == .string("none"))
        #expect(value["no-override"] == .string("none"))
    }

    /// `string-aliases.fml.yaml`: four features each declare `PlayerName`.
    @Test func stringAliasesAreScopedPerFeature() throws {
        let manifest = try FeatureManifest.load(path: "\(fixtures)/string-aliases.fml.yaml")
        #expect(manifest.feature("my-sports")?.variable("available-players")?.stringAlias == "PlayerName")
        #expect(manifest.feature("my-coverall-team")?.variable("players")?.stringAlias == "PlayerName")
        let storms = manifest.defaultValue(forFeature: "my-simple-team", channel: "storms")
        #expect(storms["captain"] == .string("Agnes"))
    }
}
