import FeatureFlagsTestSupport
import Foundation
import Formats
import Synchronization
import Testing
import TestHelpers
import TestTraits

/// Hostile input through the real `flags` binary: endless devices and FIFOs, files over the size
/// limits, deep nesting in record files and manifests. Each run has a deadline that only a hang
/// misses; the assertions are on the exit status and the message.
@Suite(.blocking) struct BoundedInputTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] {
        ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state"),
         "XDG_CACHE_HOME": folder.file("cache"), "HOME": folder.path]
    }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
        var timedOut: Bool
    }

    /// Runs `flags` with `input` as its standard input (a file, device or pipe), killing it if it
    /// has not ended after two minutes.
    private func flags(_ arguments: [String], input: FileHandle = .nullDevice, extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProgram.flags)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(extra) { $1 }) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, input)
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        let timedOut = Mutex(false)
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + 120) == .timedOut {
                timedOut.withLock { $0 = true }
                kill(process.processIdentifier, SIGKILL)
            }
        }
        // The tool writes a few lines at most, so reading one pipe after the other cannot block.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.signal()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                   errors: String(decoding: errors, as: UTF8.self), timedOut: timedOut.withLock { $0 })
    }

    /// A FIFO in the test folder with a child process writing zeros into it until the reader
    /// goes away (which ends the writer with SIGPIPE).
    private func endlessFIFO(_ name: String) throws -> (path: String, writer: Process) {
        let path = folder.file(name)
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec cat /dev/zero > \"$0\"", path]
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        return (path, writer)
    }

    private func stop(_ writer: Process) {
        if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }
        writer.waitUntilExit()
    }

    // MARK: Imports and standard input

    @Test func importOfEndlessStandardInputStopsAtTheLimit() throws {
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let run = try flags(["import", "-"], input: zero)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot read standard input: larger than the limit of 16 MiB"), "\(run.errors)")
    }

    @Test func importOfAnEndlessFIFOStopsAtTheLimit() throws {
        let (fifo, writer) = try endlessFIFO("endless.json")
        defer { stop(writer) }
        let run = try flags(["import", fifo])
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot read \(fifo): larger than the limit of 16 MiB"), "\(run.errors)")
    }

    @Test func importOfATooLargeFileNamesTheFileAndTheLimit() throws {
        // Sparse: 17 MiB that take no disk.
        let path = folder.write("", to: "huge.json")
        try FileHandle(forWritingAtPath: path).map { try $0.truncate(atOffset: 17 << 20); try $0.close() }
        let run = try flags(["import", path])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot read \(path): larger than the limit of 16 MiB"), "\(run.errors)")
        let diff = try flags(["diff", path])
        #expect(diff.status == 1)
        #expect(diff.errors.contains("cannot read \(path): larger than the limit of 16 MiB"), "\(diff.errors)")
    }

    @Test func importOfADeviceOrAFolderSaysWhatItIs() throws {
        let device = try flags(["import", "/dev/zero"])
        #expect(!device.timedOut)
        #expect(device.status == 1)
        #expect(device.errors.contains("cannot read /dev/zero: is a device, not a file"), "\(device.errors)")
        let folderRun = try flags(["import", folder.path])
        #expect(folderRun.status == 1)
        #expect(folderRun.errors.contains("cannot read \(folder.path): is a folder, not a file"), "\(folderRun.errors)")
        let missing = try flags(["import", folder.file("nope.json")])
        #expect(missing.errors.contains("cannot read \(folder.file("nope.json")): no such file"), "\(missing.errors)")
    }

    @Test(arguments: ["-", "/dev/stdin"])
    func importReadsStandardInputFromAPipeOrAFile(name: String) throws {
        let state = #"{"schemaVersion": 1, "app": "bibimbap", "overrides": {"promoBanner": false}}"#
        // A pipe, as in `producer | flags import /dev/stdin`.
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(state.utf8))
        try pipe.fileHandleForWriting.close()
        let piped = try flags(["import", name], input: pipe.fileHandleForReading)
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.output.contains("imported 1 override, "))
        // A file, as in `flags import /dev/stdin < state.json`.
        let file = try #require(FileHandle(forReadingAtPath: folder.write(state, to: "state.json")))
        let redirected = try flags(["import", name], input: file)
        #expect(redirected.status == 0, "\(redirected.errors)")
        #expect(redirected.output.contains("imported 1 override, "))
    }

    // MARK: Registries, manifests and record files

    @Test func configNamingADeviceOrAFolderSaysSo() throws {
        let device = try flags(["--config", "/dev/zero", "list"])
        #expect(!device.timedOut)
        #expect(device.status == 1)
        #expect(device.errors.contains("/dev/zero: a device, not a registry file; pass the path of your app's feature-flags.yaml"), "\(device.errors)")
        #expect(!device.errors.contains("Permission denied"))
        let folderRun = try flags(["--config", folder.path, "list"])
        #expect(folderRun.status == 1)
        #expect(folderRun.errors.contains("\(folder.path): a folder, not a registry file"), "\(folderRun.errors)")
    }

    @Test func anEndlessRegistryOrManifestStopsAtTheLimit() throws {
        let (fifo, writer) = try endlessFIFO("feature-flags.yaml")
        defer { stop(writer) }
        let registry = try flags(["--config", fifo, "list"])
        #expect(!registry.timedOut)
        #expect(registry.status == 1)
        #expect(registry.errors.contains("\(fifo):1:1: cannot read file: larger than the limit of 16 MiB"), "\(registry.errors)")

        let manifest = folder.write("", to: "app/nimbus.fml.yaml")
        try FileHandle(forWritingAtPath: manifest).map { try $0.truncate(atOffset: 17 << 20); try $0.close() }
        let config = folder.write("app: big\nmanifest: nimbus.fml.yaml\n", to: "app/feature-flags.yaml")
        let big = try flags(["--config", config, "list"])
        #expect(big.status == 1)
        #expect(big.errors.contains("\(manifest):1:1: cannot read file: larger than the limit of 16 MiB"), "\(big.errors)")
    }

    @Test func anEndlessExperimentsFileStopsAtTheLimit() throws {
        let (fifo, writer) = try endlessFIFO("records.json")
        defer { stop(writer) }
        let run = try flags(["list", "--experiments", fifo])
        #expect(!run.timedOut)
        #expect(run.errors.contains("\(fifo): cannot read the experiments file: larger than the limit of 32 MiB"), "\(run.errors)")
    }

    @Test func aTooDeepTargetingIsAnErrorOfItsRecordAndTheOthersEnroll() throws {
        let nested = String(repeating: "(", count: 20_000) + "true" + String(repeating: ")", count: 20_000)
        let flat = Array(repeating: "true", count: 10_000).joined(separator: " && ")
        let records = [
            ExperimentsCommandTests.record("first", feature: "delivery-feature", branches: [("control", 1, .object([:]))]),
            ExperimentsCommandTests.record("too-deep", feature: "dark-kitchen-feature", branches: [("control", 1, .object([:]))], targeting: nested),
            ExperimentsCommandTests.record("long-flat", feature: "loyalty-card-feature", branches: [("control", 1, .object([:]))], targeting: flat),
        ]
        let path = folder.write(JSONValue.object(["data": .array(records)]).compactText, to: "records.json")
        // Twice: the second run reads the records' snapshot.
        for _ in 0..<2 {
            let run = try flags(["experiments", "--json", "--experiments", path])
            #expect(run.status == 0, "\(run.errors)")
            let listed = try JSONParser.parse(run.output)["records"]?.arrayValue ?? []
            let status = Dictionary(uniqueKeysWithValues: listed.map { ($0["slug"]?.stringValue ?? "", $0) })
            #expect(status["first"]?["status"] == .string("enrolled"))
            #expect(status["long-flat"]?["status"] == .string("enrolled"))
            #expect(status["too-deep"]?["status"] == .string("error"))
            let message = status["too-deep"]?["error"]?.stringValue ?? ""
            #expect(message.hasPrefix("targeting of `too-deep` failed: nested deeper than 100 levels"), "\(message)")
        }
    }

    @Test func deepJSONInARecordFileIsALoadProblemAndNestingWithinTheLimitWorks() throws {
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let objects = String(repeating: #"{"a": "#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        for (name, nested) in [("arrays.json", arrays), ("objects.json", objects)] {
            let hostile = folder.write(#"{"data": ["# + nested + "]}", to: name)
            let refused = try flags(["list", "--experiments", hostile])
            #expect(!refused.timedOut)
            #expect(refused.errors.contains("\(hostile):1:"), "\(refused.errors)")
            #expect(refused.errors.contains("nesting deeper than 512 levels"), "\(refused.errors)")
            #expect(refused.output.contains("promoBanner"), "flags still list on their defaults")
        }

        // A branch value nested as deep as the parser allows, beside the record's own levels.
        var value = JSONValue.int(1)
        for _ in 0..<(JSONParser.maximumDepth - 8) { value = .array([value]) }
        let deep = ExperimentsCommandTests.record("deep-value", feature: "delivery-feature",
                                                  branches: [("control", 1, .object(["extra": value]))])
        let plain = ExperimentsCommandTests.record("plain", feature: "loyalty-card-feature", branches: [("control", 1, .object([:]))])
        let path = folder.write(JSONValue.object(["data": .array([deep, plain])]).compactText, to: "deep.json")
        for _ in 0..<2 {
            let run = try flags(["experiments", "--json", "--experiments", path])
            #expect(run.status == 0, "\(run.errors)")
            let listed = try JSONParser.parse(run.output)["records"]?.arrayValue ?? []
            #expect(listed.map { $0["slug"] } == [.string("deep-value"), .string("plain")])
            #expect(listed.last?["status"] == .string("enrolled"))
            #expect(try flags(["validate", "--experiments", path]).timedOut == false)
        }
    }

    @Test func deepYAMLInAManifestIsAnErrorNamingTheFile() throws {
        let config = folder.write("app: deep\nmanifest: nimbus.fml.yaml\nflags:\n  wave:\n    feature: wave-feature\n    variable: enabled\n",
                                  to: "app/feature-flags.yaml")
        func manifest(defaultValue: String) -> String {
            folder.write("""
                channels: [developer, beta, release]
                features:
                  wave-feature:
                    description: Waves
                    variables:
                      enabled: { description: on, type: Boolean, default: true }
                      extra: { description: deep, type: "Map<String, String>", default: \(defaultValue) }
                """, to: "app/nimbus.fml.yaml")
        }
        var path = ""
        for nested in [String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
                       String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000)] {
            path = manifest(defaultValue: nested)
            let refused = try flags(["--config", config, "list"])
            #expect(!refused.timedOut)
            #expect(refused.status == 1)
            #expect(refused.errors.contains("\(path):7:"), "\(refused.errors)")
            #expect(refused.errors.contains("nesting deeper than 512 levels"), "\(refused.errors)")
        }

        // Within the limit the value is read, and found not to fit its type.
        let depth = 500
        _ = manifest(defaultValue: "{a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}")
        let read = try flags(["--config", config, "list"])
        #expect(!read.timedOut)
        #expect(read.status == 1)
        #expect(read.errors.contains("\(path):7:") && read.errors.contains("invalid default for variable 'extra'"), "\(read.errors)")
    }

    @Test func anIncludeAboveTheRootIsShownAtItsRealPath() throws {
        let config = folder.write("app: up\nmanifest: a/b/nimbus.fml.yaml\n", to: "feature-flags.yaml")
        let ups = String(repeating: "../", count: folder.path.split(separator: "/").count + 6)
        let manifest = folder.write("channels: [release]\ninclude:\n  - \(ups)no-such-dir-\(UUID().uuidString)/x.yaml\n",
                                    to: "a/b/nimbus.fml.yaml")
        let run = try flags(["--config", config, "list"])
        #expect(run.status == 1)
        #expect(run.errors.contains("(looked for /no-such-dir-"), "\(run.errors)")
        #expect(!run.errors.contains("looked for /.."), "\(run.errors)")
        #expect(run.errors.contains("included from \(manifest)"))
    }
}
