import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// Every failure the real `flags` reports is a sentence: it names the path or the flag and says
/// why in words. No Swift error value (`CocoaError(code: …, userInfo: […])`, `POSIXError(…)`,
/// `Optional(…)`) is ever printed as it is.
@Suite(.blocking) struct ErrorMessageSweepTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] {
        ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "HOME": folder.path, "XDG_STATE_HOME": folder.file("state")]
    }

    static let rawErrorMarks = ["CocoaError", "POSIXError", "userInfo", "Optional(", "Error(", "NSError", "errno:"]

    private func expectSentence(_ arguments: [String], naming subject: String?, environment extra: [String: String] = [:],
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment.merging(extra) { _, new in new }, in: folder.path)
        #expect(result.status != 0, "flags \(arguments.joined(separator: " ")) succeeded", sourceLocation: sourceLocation)
        #expect(result.errors.hasPrefix("flags: "), "\(result.errors)", sourceLocation: sourceLocation)
        for mark in Self.rawErrorMarks {
            #expect(!result.errors.contains(mark), "flags \(arguments.joined(separator: " ")) printed a raw error: \(result.errors)",
                    sourceLocation: sourceLocation)
        }
        if let subject { #expect(result.errors.contains(subject), "\(result.errors)", sourceLocation: sourceLocation) }
    }

    @Test func everyFailureIsASentenceNamingItsSubject() throws {
        let notAFolder = folder.write("x", to: "file")
        let garbage = folder.write("not json", to: "garbage.json")
        let emptyRegistry = folder.write("app: x\n", to: "bad/feature-flags.yaml")
        try expectSentence(["--config", folder.file("missing.yaml"), "list"], naming: folder.file("missing.yaml"))
        try expectSentence(["--config", "/dev/zero", "list"], naming: "/dev/zero")
        try expectSentence(["--config", emptyRegistry, "list"], naming: emptyRegistry)
        try expectSentence(["--store", notAFolder + "/prefs.sqlite", "list"], naming: notAFolder)
        try expectSentence(["--store", folder.path, "list"], naming: folder.path)
        try expectSentence(["import", folder.file("missing.json")], naming: folder.file("missing.json"))
        try expectSentence(["import", garbage], naming: garbage)
        try expectSentence(["import", "/dev/zero"], naming: "/dev/zero")
        try expectSentence(["export", "--output", notAFolder + "/out.json"], naming: notAFolder)
        try expectSentence(["export", "--output", "/proc/no/such/out.json"], naming: "/proc/no/such")
        try expectSentence(["generate", "--output", folder.path], naming: folder.path)
        try expectSentence(["--experiments", folder.file("none.json"), "list"], naming: folder.file("none.json"))
        try expectSentence(["get", "noSuchFlag"], naming: "noSuchFlag")
        try expectSentence(["set", "tipJar", "maybe"], naming: "maybe")
        try expectSentence(["preset", "apply", "never-saved"], naming: "never-saved")
    }

    /// Found when a test ran as `nobody` with a TMPDIR it could not enter.
    @Test(.enabled(if: geteuid() == 0, "running as another user needs root"))
    func aTemporaryFolderThatCannotBeEnteredIsNoRawError() throws {
        let closed = folder.file("closed-tmp")
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o000])
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        #expect(chown(folder.path, 65534, 65534) == 0 && chown(home, 65534, 65534) == 0)
        for arguments in [["list"], ["set", "tipJar", "off"], ["export", "--output", home + "/out.json"], ["generate", "--output", home + "/F.swift"]] {
            let text = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: [
                "HOME": home, "TMPDIR": closed, "XDG_STATE_HOME": home + "/state", "FLAGS_STORE": home + "/store/prefs.sqlite",
            ], in: home, asUser: 65534).errors
            for mark in Self.rawErrorMarks { #expect(!text.contains(mark), "flags \(arguments.joined(separator: " ")): \(text)") }
        }
        _ = chown(folder.path, 0, 0)
    }
}
