import FeatureFlags
import FeatureFlagsTestSupport
import FlagsTool
import Foundation
import Formats
import Nimbus
import Testing
import TestHelpers
import TestTraits

/// `flags eval-jexl` agrees with enrollment on every targeting expression of the records the
/// tests and examples use: the demo's, `Examples/**/experiments.json`, and every targeting
/// literal the test sources build records with. Wherever enrollment reached a record's
/// targeting, `eval-jexl` of that text (in-process through `NimbusExperiments.evaluateJEXL`,
/// which the command calls, and for a sample through the real binary) is true exactly when the
/// record is not `notTargeted`, and an error (or no boolean) exactly when enrollment reports a
/// targeting error.
@Suite(.blocking) struct EvalJexlAgreementTests {
    let folder = TemporaryDirectory()
    static let ids = ["3d2142de-53bf-2d48-a92d-45fb7036cbf6", "542213c0-9aef-47eb-bc6b-3b8529736ba2"]

    /// One client the records are evaluated for: which app, file, channel and attributes.
    struct Client {
        var config: String?
        var experiments: String?
        var channel: String?
        var context: [String: String] = [:]
        var nimbusID: String

        var arguments: [String] {
            var words: [String] = []
            if let config { words += ["--config", config] }
            if let experiments { words += ["--experiments", experiments] }
            if let channel { words += ["--channel", channel] }
            for (key, value) in context.sorted(by: { $0.key < $1.key }) { words += ["--context", "\(key)=\(value)"] }
            return words + ["--nimbus-id", nimbusID]
        }
    }

    var environment: [String: String] {
        ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "LANG": "en_US.UTF-8", "FLAGS_NO_CACHE": "1"]
    }

    func open(_ client: Client, store: String) throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(
            configPath: client.config, storePath: folder.file(store), channel: client.channel.map { ChannelName($0) },
            experiments: client.experiments, nimbusID: client.nimbusID,
            context: client.context.mapValues { (try? JSONParser.parse($0)) ?? .string($0) }, workingDirectory: folder.path, environment: environment))
    }

    /// The targeting literals of records built in the test sources: `"targeting": .string("…")`,
    /// `"targeting": "…"` and `targeting: "…"`, without interpolation.
    static func targetingInTestSources() throws -> [String] {
        let root = SwiftToolchain.packageRoot + "/Tests"
        let pattern = try NSRegularExpression(pattern: #"(?:"targeting"|\btargeting):\s*(?:\.string\()?"((?:[^"\\]|\\.)*)""#)
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files.sorted() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let literal = String(text[range])
                guard !literal.contains("\\(") else { continue }
                let unescaped = literal.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
                if !unescaped.contains("\\"), !found.contains(unescaped) { found.append(unescaped) }
            }
        }
        return found
    }

    /// The test sources' expressions as records of the demo app, one feature each, so none
    /// conflicts and every one reaches its targeting.
    func recordsOfTestSources() throws -> (path: String, count: Int) {
        let expressions = try Self.targetingInTestSources()
        let records = expressions.enumerated().map { index, targeting in
            ExperimentsCommandTests.record("expr-\(index)", feature: "expr-feature-\(index)", branches: [("on", 1, .object([:]))],
                                           targeting: targeting)
        }
        return (folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "from-test-sources.json"), expressions.count)
    }

    /// Whether enrollment evaluated the record's targeting, and what it made of it: true or false,
    /// or nil for a targeting error.
    static func enrollmentVerdict(_ status: EnrollmentStatus, slug: String) -> Bool?? {
        switch status {
        case .enrolled, .notEnrolled(.notSelected): return .some(true)
        case .notEnrolled(.notTargeted): return .some(false)
        case .error(let message) where message.hasPrefix("targeting of `\(slug)` failed"): return .some(nil)
        case .error: return .some(true) // randomization unit: checked after targeting held
        default: return nil
        }
    }

    @Test func evalJexlAgreesWithEnrollmentOnEveryTargetingOfTheRecords() throws {
        let (testSources, literals) = try recordsOfTestSources()
        #expect(literals > 20, "found \(literals) targeting literals in the test sources")
        let firefox = FirefoxExample.registryPath
        var clients: [Client] = []
        for id in Self.ids {
            for context in [[:], ["language": "ko"], ["is_first_run": "true"], ["app_version": "119.0"]] {
                clients.append(Client(config: nil, experiments: nil, context: context, nimbusID: id))
                clients.append(Client(config: nil, experiments: nil, channel: "beta", context: context, nimbusID: id))
                clients.append(Client(config: firefox, experiments: nil, context: context, nimbusID: id))
                clients.append(Client(config: firefox, experiments: nil, channel: "beta", context: context, nimbusID: id))
                clients.append(Client(config: nil, experiments: testSources, context: context, nimbusID: id))
            }
        }
        var checked = 0
        var distinct: Set<String> = []
        var outcomes: [Bool?: Int] = [:]
        var sample: [(Client, String, JEXLEvaluation)] = []
        for (index, client) in clients.enumerated() {
            let experiments = try open(client, store: "prefs-\(index).sqlite").experiments
            #expect(experiments.loadProblem == nil, "\(experiments.loadProblem ?? "")")
            for result in experiments.enrollments {
                guard let targeting = result.record.targeting,
                      let verdict = Self.enrollmentVerdict(result.status, slug: result.slug) else { continue }
                let evaluation = experiments.evaluateJEXL(targeting)
                #expect(evaluation.asTargeting == verdict,
                        "\(result.slug) for \(client.arguments): enrollment \(result.status), eval-jexl \(evaluation.value?.compactText ?? "\(evaluation.error.map { "\($0)" } ?? "")")")
                checked += 1
                distinct.insert(targeting)
                outcomes[verdict, default: 0] += 1
                if checked % 15 == 1 { sample.append((client, targeting, evaluation)) }
            }
        }
        print("eval-jexl agreed with enrollment on \(checked) targeting evaluations of \(distinct.count) distinct expressions "
              + "(\(outcomes[true] ?? 0) true, \(outcomes[false] ?? 0) false, \(outcomes[nil] ?? 0) errors); \(sample.count) through the binary")
        #expect(distinct.count >= 30)
        #expect((outcomes[true] ?? 0) > 0 && (outcomes[false] ?? 0) > 0 && (outcomes[nil] ?? 0) > 0)

        // The real binary, on a store of its own, prints what the in-process evaluation gave.
        for (index, (client, targeting, evaluation)) in sample.enumerated() {
            var env = environment
            env["FLAGS_STORE"] = folder.file("binary-\(index).sqlite")
            let result = try BuiltProgram.run(BuiltProgram.flags, client.arguments + ["eval-jexl", targeting, "--json"], environment: env, in: folder.path)
            #expect(result.status == (evaluation.error == nil ? 0 : 1), "\(targeting): \(result.errors)")
            let json = try JSONParser.parse(result.output)
            #expect(json["value"] == (evaluation.value ?? .null), "\(targeting) for \(client.arguments)")
            #expect(json["error"] == (evaluation.errorDescription.map(JSONValue.string) ?? .null), "\(targeting)")
        }
    }
}
