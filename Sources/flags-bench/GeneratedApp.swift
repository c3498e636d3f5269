#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation
import Formats

/// A deterministic app of any size for the benchmark: a manifest with one feature per flag, a
/// registry whose flags are all debuggable, and experiment records over those features.
///
/// Everything is derived from the flag count, so every run measures the same inputs.
struct GeneratedApp {
    let folder: String
    let flagCount: Int

    var registryPath: String { folder + "/feature-flags.yaml" }
    var manifestPath: String { folder + "/nimbus.fml.yaml" }
    var experimentsPath: String { folder + "/experiments.json" }
    /// A manifest file holds at most this many features; a larger app's manifest includes
    /// `features/part0.fml.yaml`, `part1`… (each under the reader's file-size limit).
    static let featuresPerFile = 10_000
    var partCount: Int { flagCount > Self.featuresPerFile ? (flagCount + Self.featuresPerFile - 1) / Self.featuresPerFile : 0 }
    func partPath(_ part: Int) -> String { folder + "/features/part\(part).fml.yaml" }
    /// Every YAML file the app's tool reads: the registry, the manifest and its parts.
    var yamlFiles: [String] { [registryPath, manifestPath] + (0..<partCount).map(partPath) }

    static func id(_ index: Int) -> String { String(format: "flag%05d", index) }
    static func feature(_ index: Int) -> String { String(format: "feature-%05d", index) }
    /// The debug title of flag `index`: the menu sorts by it, so row `index` shows it.
    static func title(_ index: Int) -> String {
        "Flag \(String(format: "%05d", index)) \(["Menu", "Banner", "Search", "Checkout", "Tips"][index % 5])"
    }

    /// Writes the app's files into a fresh folder under `root`.
    static func make(flagCount: Int, experimentCount: Int = 0, in root: String) throws -> GeneratedApp {
        let folder = root + "/app-\(flagCount)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let app = GeneratedApp(folder: folder, flagCount: flagCount)
        if app.partCount > 0 {
            try FileManager.default.createDirectory(atPath: folder + "/features", withIntermediateDirectories: true)
            for part in 0..<app.partCount {
                let range = part * featuresPerFile..<min(app.flagCount, (part + 1) * featuresPerFile)
                try app.featuresText(range).write(toFile: app.partPath(part), atomically: true, encoding: .utf8)
            }
        }
        try app.manifestText().write(toFile: app.manifestPath, atomically: true, encoding: .utf8)
        try app.registryText(experiments: experimentCount > 0).write(toFile: app.registryPath, atomically: true, encoding: .utf8)
        if experimentCount > 0 {
            try app.experimentsText(count: experimentCount).write(toFile: app.experimentsPath, atomically: true, encoding: .utf8)
        }
        return app
    }

    /// The root manifest: every feature, or the includes of the parts that hold them.
    func manifestText() -> String {
        let header = "about:\n  description: Benchmark app with \(flagCount) features\nchannels:\n  - developer\n  - beta\n  - release\n"
        guard partCount > 0 else { return header + featuresText(0..<flagCount) }
        return header + "include:\n" + (0..<partCount).map { "  - features/part\($0).fml.yaml\n" }.joined()
    }

    /// A `features:` block of the features in `range`.
    func featuresText(_ range: Range<Int>) -> String {
        var text = "features:\n"
        for index in range {
            text += """
              \(Self.feature(index)):
                description: Feature number \(index) of the benchmark app.
                variables:
                  enabled:
                    description: Whether feature \(index) is on.
                    type: Boolean
                    default: \(index % 2 == 0)
                  weight:
                    description: How much feature \(index) weighs.
                    type: Int
                    default: \(index % 97)
                defaults:
                  - channel: developer
                    value:
                      enabled: true

            """
        }
        return text
    }

    func registryText(experiments: Bool) -> String {
        var text = "app: bench\(flagCount)\nmanifest: nimbus.fml.yaml\n" + (experiments ? "experiments: experiments.json\n" : "") + "flags:\n"
        for index in 0..<flagCount {
            text += """
              \(Self.id(index)):
                feature: \(Self.feature(index))
                variable: enabled
                debug:
                  title: \(Self.title(index))
                  status: Toggles feature number \(index) of the benchmark app

            """
        }
        return text
    }

    /// Records mixing rollouts and experiments, targeting, several branches and bucket sizes.
    func experimentsText(count: Int) -> String {
        let targetings = ["true", "channel == 'developer'", "language in ['en', 'de']", "days_since_install >= 0 && is_first_run == false",
                          "app_name == 'bench\(flagCount)' || region == 'US'"]
        let records: [JSONValue] = (0..<count).map { index in
            let feature = Self.feature(index % flagCount)
            let isRollout = index % 3 == 0
            let branches: [JSONValue] = (0..<(isRollout ? 1 : 2 + index % 3)).map { branch in
                .object(["slug": .string("branch-\(branch)"), "ratio": .int(1 + branch % 2),
                         "features": .array([.object(["featureId": .string(feature),
                                                      "value": .object(["enabled": .bool(branch % 2 == 1), "weight": .int(branch)])])])])
            }
            return .object([
                "schemaVersion": .string("1.12.0"), "slug": .string(String(format: "bench-record-%04d", index)),
                "appName": .string("bench\(flagCount)"), "appId": .string("bench"), "userFacingName": .string("Record \(index)"),
                "userFacingDescription": .string("Benchmark record"), "isEnrollmentPaused": .bool(index % 17 == 0),
                "isRollout": .bool(isRollout), "proposedEnrollment": .int(7), "featureIds": .array([.string(feature)]),
                "targeting": .string(targetings[index % targetings.count]),
                "publishedDate": .string(String(format: "2026-%02d-%02dT10:00:00Z", 1 + index % 12, 1 + index % 28)),
                "bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string("ns-\(index % 50)"),
                                         "start": .int((index * 37) % 10_000), "count": .int(2_000 + (index * 131) % 8_000), "total": .int(10_000)]),
                "branches": .array(branches),
            ])
        }
        return JSONValue.object(["data": .array(records)]).prettyText
    }
}
#endif
