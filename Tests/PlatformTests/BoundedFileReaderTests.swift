import TestFolders
import Foundation
import Platform
import Testing
import TestTraits

/// `BoundedFileReader` on real files, FIFOs and devices in a private temporary folder.
@Suite(.blocking) struct BoundedFileReaderTests {
    /// Removed when the test ends, whatever it did.
    let scratch = TemporaryDirectory()
    var folder: String { scratch.path }

    private func write(_ bytes: [UInt8], to name: String) -> String {
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test func aFileOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = write(bytes, to: "exact")
        #expect(try BoundedFileReader.read(path: path, limit: bytes.count) == bytes)
        #expect(try BoundedFileReader.read(path: path, limit: bytes.count + 1_000_000) == bytes)
        #expect(throws: FileReadError(path: path, problem: .tooLarge(limit: bytes.count - 1))) {
            try BoundedFileReader.read(path: path, limit: bytes.count - 1)
        }
        #expect(try BoundedFileReader.read(path: write([], to: "empty"), limit: 0) == [])
    }

    @Test func anEndlessFIFOStopsAtTheLimit() throws {
        let path = folder + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec cat /dev/zero > \"$0\"", path]
        try writer.run()
        defer { kill(writer.processIdentifier, SIGKILL); writer.waitUntilExit() }
        #expect(throws: FileReadError(path: path, problem: .tooLarge(limit: 1 << 20))) {
            try BoundedFileReader.read(path: path, limit: 1 << 20)
        }
    }

    @Test func aFIFOThatEndsIsReadWhole() throws {
        let path = folder + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "printf 'a: 1\\n' > \"$0\"", path]
        try writer.run()
        defer { writer.waitUntilExit() }
        #expect(try BoundedFileReader.read(path: path, limit: 100) == Array("a: 1\n".utf8))
    }

    @Test func devicesFoldersAndMissingFilesSayWhatTheyAre() throws {
        #expect(throws: FileReadError(path: "/dev/zero", problem: .device)) { try BoundedFileReader.read(path: "/dev/zero", limit: 10) }
        #expect(throws: FileReadError(path: folder, problem: .folder)) { try BoundedFileReader.read(path: folder, limit: 10) }
        let missing = folder + "/missing"
        #expect(throws: FileReadError(path: missing, problem: .system(ENOENT))) { try BoundedFileReader.read(path: missing, limit: 10) }
        #expect(FileReadError(path: missing, problem: .system(ENOENT)).description == "\(missing): no such file")
        #expect(FileReadError(path: "/dev/zero", problem: .device).reason == "is a device, not a file")
        #expect(FileReadError(path: "x", problem: .tooLarge(limit: 16 << 20)).reason == "larger than the limit of 16 MiB (is it the file you meant?)")
    }

    @Test func standardInputIsKnownByItsNames() {
        for name in ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"] { #expect(BoundedFileReader.namesStandardInput(name)) }
        #expect(!BoundedFileReader.namesStandardInput("/dev/stdout"))
        #expect(!BoundedFileReader.namesStandardInput("./-"))
    }

    @Test func comparingAFileReadsAtMostOneByteMoreThanTheOtherSide() throws {
        let path = write(Array("same".utf8), to: "same")
        #expect(BoundedFileReader.file(at: path, holds: Array("same".utf8)))
        #expect(!BoundedFileReader.file(at: path, holds: Array("sam".utf8)))
        #expect(!BoundedFileReader.file(at: path, holds: Array("samey".utf8)))
        #expect(!BoundedFileReader.file(at: folder + "/missing", holds: []))
        #expect(!BoundedFileReader.file(at: "/dev/zero", holds: [0, 0]))
    }
}
