import Foundation
import Testing
import TestServers
@testable import Formats
@testable import Nimbus
import TestTraits

/// Experiment records shipped as test fixtures by Mozilla's `mozilla-nimbus-schemas` (PyPI),
/// found through the local Python. Skipped when Python or the package is not installed.
enum MozillaNimbusSchemas {
    /// The package folder, or nil when `python3 -c 'import mozilla_nimbus_schemas'` fails.
    static let directory: URL? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonTools.python, "-c", "import mozilla_nimbus_schemas, os; print(os.path.dirname(mozilla_nimbus_schemas.__file__))"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let path = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }()

    /// Every `*.json` under a `fixtures/experiments…` folder of the package's tests.
    static func experimentFixtures() -> [URL] {
        guard let directory,
              let walker = FileManager.default.enumerator(at: directory.appendingPathComponent("tests"), includingPropertiesForKeys: nil)
        else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" && $0.path.contains("/fixtures/experiments") }
            .sorted { $0.path < $1.path }
    }
}

@Suite(.blocking) struct NimbusSchemasFixtureTests {
    @Test(.enabled(if: MozillaNimbusSchemas.directory != nil, "Python cannot import mozilla_nimbus_schemas (run .ci/run, or see the README's set-up)"))
    func everyFixtureRecordIsEnrolledOrExplained() throws {
        let files = MozillaNimbusSchemas.experimentFixtures()
        #expect(!files.isEmpty, "the package ships experiment fixtures")
        var enrolledSDKRecords = 0
        for file in files {
            let json = try JSONParser.parse(bytes: Array(try Data(contentsOf: file)), file: file.lastPathComponent)
            // A fixture is one record, or a list of them; wrap it as Remote Settings would.
            let data: [JSONValue] = json.arrayValue ?? [json]
            let set = try ExperimentRecordSet.parse(.object(["data": .array(data)]))
            for skipped in set.skipped {
                #expect(!skipped.reason.isEmpty, "\(file.lastPathComponent): \(skipped.name) skipped without a reason")
            }
            #expect(set.records.count + set.skipped.count == data.count)
            for record in set.records {
                // A client of the record's own app and channel, so only bucketing and the
                // randomization unit decide; every fixture samples the whole population.
                let client = NimbusClient(
                    nimbusID: "542213c0-9aef-47eb-bc6b-3b8529736ba2",
                    appName: record.appName ?? "app", appId: record.appId ?? "app", channel: record.channel ?? "release"
                )
                let status = EnrollmentEvaluator.evaluate(records: [record], client: client)[0].status
                switch status {
                case .enrolled(let branch):
                    #expect(record.branch(named: branch) != nil)
                    #expect(record.bucketConfig.randomizationUnit == "nimbus_id")
                    enrolledSDKRecords += 1
                case .error(let message):
                    // Desktop fixtures are randomized by `normandy_id`, which mobile clients lack.
                    #expect(record.bucketConfig.randomizationUnit != "nimbus_id", "\(file.lastPathComponent): \(message)")
                    #expect(message.contains(record.bucketConfig.randomizationUnit))
                case .notEnrolled(let reason):
                    Issue.record("\(file.lastPathComponent): \(record.slug) not enrolled: \(reason)")
                }
            }
            // The SDK (mobile) fixtures are valid records: none may be skipped.
            if file.path.contains("/sdk") {
                #expect(set.skipped.isEmpty, "\(file.lastPathComponent): \(set.skipped)")
            }
        }
        #expect(enrolledSDKRecords >= 5, "the mobile fixtures (ios, android, v7 sdk) enroll")
    }
}
