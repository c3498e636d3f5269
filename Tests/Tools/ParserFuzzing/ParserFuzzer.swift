import BibimbapData
import FeatureFlags
import FML
import Formats
import Foundation
import Nimbus

/// Feeds seeded mutations of real files to the manifest, registry and experiments loaders, and
/// checks that each input is either accepted or refused with an error naming a file and a
/// line:column inside it, within the hang limit.
///
/// The corpus is the Bibimbap demo's files (`BibimbapDemo.files`) and, when present, Firefox for
/// iOS's manifest with its 44 included files. Every input is one file of the corpus, mutated,
/// loaded in place with the other files unchanged, then restored. A crash ends the process; the
/// mutated file is then still on disk in `folder`.
///
/// ```swift
/// let fuzzer = try ParserFuzzer(firefoxFolder: "Examples/firefox-ios/manifest")
/// let report = fuzzer.run(inputs: 10_000, seed: 1)
/// ```
public final class ParserFuzzer {
    /// An input slower than this is a failure: a guard against hangs that a slow, busy machine
    /// running a debug build never reaches, not a benchmark (speed is flags-bench's).
    public static let hangLimit: Duration = .seconds(20)

    /// One file of the corpus and how to load it.
    private struct Target {
        var kind: FuzzKind
        var file: String
        var original: [UInt8]
        /// The file to load: the mutated one, or the root manifest or registry that reads it.
        var entry: String
        var isFirefox: Bool
    }

    /// Where the corpus is written; removed when the fuzzer is released.
    public let folder: String
    private let targets: [Target]
    private let demoRegistry: FeatureFlagRegistry
    private let demoRecords: ExperimentRecordSet?
    private let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", appName: "bibimbap",
                                      appId: "bibimbap", channel: "developer")

    /// Writes the corpus into a fresh temporary folder. `firefoxFolder` holds Firefox for iOS's
    /// `nimbus.fml.yaml` and `nimbus-features/`; nil or missing leaves it out.
    /// Why part of the corpus that was asked for is missing, for the run to say; nil when whole.
    public private(set) var missingCorpus: String?

    public init(firefoxFolder: String?) throws {
        folder = NSTemporaryDirectory() + "parser-fuzz-" + UUID().uuidString
        let demoRoot = folder + "/bibimbap"
        let registryPath = try BibimbapDemo.materialize(in: demoRoot)
        demoRegistry = try FeatureFlagRegistry.load(path: registryPath)
        demoRecords = NimbusExperiments.readRecords(path: demoRoot + "/experiments.json").0
        var targets: [Target] = []
        for file in BibimbapDemo.files {
            let path = demoRoot + "/" + file.path
            let kind: FuzzKind = file.path.hasSuffix(".json") ? .experiments : file.path == "feature-flags.yaml" ? .registry : .manifest
            // Demo manifests are loaded through the registry, so the flags are checked against them too.
            targets.append(Target(kind: kind, file: path, original: Array(file.contents.utf8),
                                  entry: kind == .experiments ? path : registryPath, isFirefox: false))
        }
        if let firefoxFolder, !FileManager.default.fileExists(atPath: firefoxFolder + "/nimbus.fml.yaml") {
            missingCorpus = "Firefox for iOS's manifest is absent (\(firefoxFolder)/nimbus.fml.yaml): fuzzing the \(targets.count) demo files only"
        }
        if let firefoxFolder, FileManager.default.fileExists(atPath: firefoxFolder + "/nimbus.fml.yaml") {
            let root = folder + "/firefox-ios"
            try FileManager.default.copyItem(atPath: firefoxFolder, toPath: root)
            let features = try FileManager.default.contentsOfDirectory(atPath: root + "/nimbus-features").sorted()
            for name in ["nimbus.fml.yaml"] + features.map({ "nimbus-features/" + $0 }) where name.hasSuffix(".yaml") {
                let path = root + "/" + name
                let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                targets.append(Target(kind: .manifest, file: path, original: original, entry: root + "/nimbus.fml.yaml", isFirefox: true))
            }
        }
        self.targets = targets
    }

    deinit { removeCorpus() }

    /// Removes the folder of corpus files; a program whose fuzzer lives until exit calls it.
    public func removeCorpus() { try? FileManager.default.removeItem(atPath: folder) }

    /// The corpus files, for messages.
    public var fileCount: Int { targets.count }

    /// Runs inputs `start ..< start + inputs` of the run seeded with `seed`. Kinds are drawn with
    /// weights 2 registry : 3 experiments : 3 demo manifest : 2 Firefox manifest (when present).
    public func run(inputs: Int, seed: UInt64, start: Int = 0) -> FuzzReport {
        var report = FuzzReport()
        let registry = targets.filter { $0.kind == .registry }
        let experiments = targets.filter { $0.kind == .experiments }
        let demoManifests = targets.filter { $0.kind == .manifest && !$0.isFirefox }
        let firefox = targets.filter(\.isFirefox)
        let pools = [registry, registry, experiments, experiments, experiments, demoManifests, demoManifests, demoManifests, firefox, firefox]
            .filter { !$0.isEmpty }
        let clock = ContinuousClock()
        for index in start..<(start + inputs) {
            var random = SeededRandom(seed: seed, index: index)
            let pool = pools[Int.random(in: 0..<pools.count, using: &random)]
            // Firefox's root manifest gets a fair share: it is the file that names all the others.
            let target = pool[0].isFirefox && Int.random(in: 0..<4, using: &random) == 0 ? pool[0] : pool.randomElement(using: &random)!
            var mutator = Mutator(random: random)
            let input = mutator.mutate(target.original)
            _ = FileManager.default.createFile(atPath: target.file, contents: Data(input))
            var problem: String?
            var refused = false
            let elapsed = clock.measure {
                switch check(target) {
                case .accepted: break
                case .refused(let message): refused = true; problem = validate(message)
                case .unpositioned(let message): problem = "an error without a file and line:column: \(message)"
                }
            }
            _ = FileManager.default.createFile(atPath: target.file, contents: Data(target.original))
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if elapsed > Self.hangLimit { problem = (problem.map { $0 + "; " } ?? "") + "took \(elapsed), over the hang limit" }
            report.inputs[target.kind, default: 0] += 1
            if refused { report.errors[target.kind, default: 0] += 1 }
            if seconds > report.slowest.seconds {
                report.slowest = ("\(target.kind.rawValue) #\(index) \(URL(fileURLWithPath: target.file).lastPathComponent)", seconds)
            }
            if let problem {
                report.failures.append(FuzzFailure(kind: target.kind, index: index, seed: seed, file: target.file, problem: problem, input: input))
            }
        }
        return report
    }

    private enum Outcome {
        case accepted
        /// An error message that should start with `file:line:column: `.
        case refused(String)
        case unpositioned(String)
    }

    private func check(_ target: Target) -> Outcome {
        switch target.kind {
        case .experiments:
            // The path the app takes: read, then evaluate every record for a client.
            let (records, problem) = NimbusExperiments.readRecords(path: target.file)
            ask(NimbusExperiments.evaluate(records: records, source: target.file, loadProblem: problem,
                                           client: client, registry: demoRegistry), registry: demoRegistry)
            return problem.map(Outcome.refused) ?? .accepted
        case .registry, .manifest:
            do {
                if target.isFirefox {
                    let manifest = try FeatureManifest.load(path: target.entry)
                    for feature in manifest.featureIDs {
                        for channel in manifest.channels { _ = manifest.defaultValue(forFeature: feature, channel: channel) }
                    }
                } else {
                    let registry = try FeatureFlagRegistry.load(path: target.entry)
                    // Resolve every flag of the mutated registry or manifest, as the app would.
                    ask(NimbusExperiments.evaluate(records: demoRecords, source: nil, client: client, registry: registry), registry: registry)
                }
                return .accepted
            } catch let error as SourceError {
                // YAML, manifest and JSON problems are all SourceErrors: a file and a position.
                return .refused(error.description)
            } catch {
                return .unpositioned("\(type(of: error)): \(error)")
            }
        }
    }

    /// Asks the Nimbus layer for every flag, as the app's provider would.
    private func ask(_ experiments: NimbusExperiments, registry: FeatureFlagRegistry) {
        let layer = NimbusFeatureFlagLayer(registry: registry, channel: client.channel,
                                           resolved: experiments.resolved.all.mapValues { .init(value: $0.value) })
        for flag in registry.flags { _ = layer.checkNimbusConfigFor(flag) }
    }

    /// Nil when `message` starts with `file:line:column: ` for a file of the corpus and a line
    /// that exists in it; otherwise what is wrong.
    private func validate(_ message: String) -> String? {
        guard let file = targets.map(\.file).filter({ message.hasPrefix($0 + ":") }).max(by: { $0.count < $1.count }) else {
            return "the error does not start with a corpus file's path: \(message.prefix(300))"
        }
        let position = message.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard position.count == 3, let line = Int(position[0]), let column = Int(position[1]), line >= 1, column >= 1 else {
            return "the error has no line:column after the file: \(message.prefix(300))"
        }
        // YAML breaks lines at CR, LF, CRLF, NEL (C2 85), LS and PS (E2 80 A8/A9): count them all.
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        var lines = 1
        for (index, byte) in bytes.enumerated() {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n")) || (byte == 0xC2 && next == 0x85)
                || (byte == 0xE2 && next == 0x80 && index + 2 < bytes.count && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)) {
                lines += 1
            }
        }
        guard line <= lines else { return "line \(line) is past the end of the file (\(lines) lines): \(message.prefix(300))" }
        return nil
    }
}
