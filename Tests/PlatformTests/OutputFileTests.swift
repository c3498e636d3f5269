import TestFolders
import Foundation
import Platform
import Testing
import TestTraits

/// `--output FILE` writes through what is not a plain file and never replaces it.
@Suite(.blocking) struct OutputFileTests {
    /// Removed when the test ends, whatever it did.
    let scratch = TemporaryDirectory()
    var folder: String { scratch.path }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func aNewFileIsCreatedAndAnExistingOneReplacedKeepingItsMode() throws {
        let path = folder + "/out.json"
        try OutputFile.write(Array("first\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
        #expect(chmod(path, 0o640) == 0)
        try OutputFile.write(Array("second\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.json"], "no temporary file is left")
    }

    @Test func aSymlinkIsFollowedAndStaysASymlink() throws {
        let target = folder + "/real.json", link = folder + "/link.json", dangling = folder + "/dangling.json"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(symlink("real.json", link) == 0 && symlink("later.json", dangling) == 0)
        try OutputFile.write(Array("new".utf8), to: link)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(fileType(link) == S_IFLNK && written == "new")
        try OutputFile.write(Array("created".utf8), to: dangling)
        let created = try String(contentsOfFile: folder + "/later.json", encoding: .utf8)
        #expect(fileType(dangling) == S_IFLNK && created == "created")
    }

    @Test func aFIFOIsWrittenInPlaceForItsReader() throws {
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader opens the FIFO from a child process, as a shell's `cat` would.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()
        try OutputFile.write(Array("through the pipe".utf8), to: fifo)
        let read = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(String(decoding: read, as: UTF8.self) == "through the pipe")
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func aFullDeviceIsAnErrorNamingThePathAndTheCause() throws {
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write(Array("x".utf8), to: "/dev/full") }
        #expect(error.description == "cannot write /dev/full: No space left on device")
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test func devNullAndADescriptorPathStayWhatTheyAre() throws {
        try OutputFile.write(Array("gone".utf8), to: "/dev/null")
        #expect(fileType("/dev/null") == S_IFCHR && fileType("/dev/stdout") == S_IFLNK)
        #expect(OutputFile.regularFileContents(at: "/dev/zero", limit: 10) == nil, "a device is never read as a file")
    }

    @Test func aFolderOrAMissingFolderIsAnError() throws {
        let folderError = try #require(throws: OutputFileError.self) { try OutputFile.write([], to: folder) }
        #expect(folderError.description.hasSuffix("Is a directory"))
        let missing = try #require(throws: OutputFileError.self) { try OutputFile.write([], to: folder + "/no/such/out.json") }
        #expect(missing.description == "cannot write \(folder)/no/such: No such file or directory")
    }
}
