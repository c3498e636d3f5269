import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// Where the real `flags` writes its results: `--output` never replaces what is not a plain file,
/// and a result that could not be written is a failure, not an empty file and exit 0.
@Suite(.blocking) struct OutputDestinationTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] {
        ["FLAGS_STORE": folder.file("prefs.sqlite"), "FLAGS_NO_CACHE": "1", "HOME": folder.path, "XDG_STATE_HOME": folder.file("state")]
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Runs `flags` with its standard output on `path` (a device), returning status and errors.
    private func run(_ arguments: [String], stdoutTo path: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProgram.flags)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let output = try #require(FileHandle(forWritingAtPath: path))
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test func exportToDevStdoutWritesThroughTheDescriptorAndLeavesTheLink() throws {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["export", "--output", "/dev/stdout"], environment: environment, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\"schemaVersion\""))
        #expect(fileType("/dev/stdout") == S_IFLNK)
        let dash = try BuiltProgram.run(BuiltProgram.flags, ["export", "-o", "-"], environment: environment, in: folder.path)
        #expect(dash.status == 0 && dash.output == result.output && !FileManager.default.fileExists(atPath: folder.file("-")))
    }

    @Test func exportToDevFullFailsNamingTheCauseAndLeavesTheDevice() throws {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["export", "--output", "/dev/full"], environment: environment, in: folder.path)
        #expect(result.status == 1)
        #expect(result.errors.contains("cannot write /dev/full: No space left on device"))
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test(arguments: [["export"], ["list"], ["list", "--json"], ["get", "tipJar"], ["experiments"], ["features", "--json"]])
    func aFullDiskOnStandardOutputIsAFailure(arguments: [String]) throws {
        let result = try run(arguments, stdoutTo: "/dev/full")
        #expect(result.status == 1, "flags \(arguments.joined(separator: " ")) > /dev/full: \(result.errors)")
        #expect(result.errors.contains("cannot write standard output: No space left on device"))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        // Whether SIGPIPE ends the process or the write fails with EPIPE (a parent that ignores
        // SIGPIPE), a reader that went away before the result is no error worth a message.
        for ignoresSIGPIPE in [false, true] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", (ignoresSIGPIPE ? "trap '' PIPE; " : "") + "exec \"$0\" list --json", BuiltProgram.flags]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            let output = Pipe(), errors = Pipe()
            try output.fileHandleForReading.close()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(text.isEmpty, "ignoring SIGPIPE: \(ignoresSIGPIPE): \(text)")
            #expect(process.terminationStatus == 141 || process.terminationStatus == SIGPIPE, "\(process.terminationReason)")
        }
    }

    @Test func anEmptyOutputPathIsAUsageError() throws {
        for command in ["export", "generate"] {
            let result = try BuiltProgram.run(BuiltProgram.flags, [command, "--output", ""], environment: environment, in: folder.path)
            #expect(result.status == 2, "\(command): \(result.errors)")
            #expect(result.errors.contains("--output needs a path, found an empty one (use - for standard output)"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func generateIntoAFIFOWritesThroughItAndKeepsTheFIFO() throws {
        let fifo = folder.file("FeatureFlagID.swift")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let read = Pipe()
        reader.standardOutput = read
        try reader.run()
        let result = try BuiltProgram.run(BuiltProgram.flags, ["generate", "--output", fifo], environment: environment, in: folder.path)
        let source = String(decoding: read.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.errors)")
        #expect(source.contains("FeatureFlagID") && fileType(fifo) == S_IFIFO)
    }

    @Test func exportOverASymlinkWritesItsTargetAndKeepsTheLinkAndTheMode() throws {
        let target = folder.file("shared.json"), link = folder.file("flags.json")
        try "{}".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(chmod(target, 0o644) == 0 && symlink(target, link) == 0)
        let result = try BuiltProgram.run(BuiltProgram.flags, ["export", "--output", link], environment: environment, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(fileType(link) == S_IFLNK && written.contains("schemaVersion"))
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o644)
    }
}
