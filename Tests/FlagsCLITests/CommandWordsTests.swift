import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// The words of errors and results, from the real binary: suggestions that point at something
/// that exists, counts in the right number, and exit codes.
@Suite(.blocking) struct CommandWordsTests {
    let folder = TemporaryDirectory()

    private func flags(_ arguments: String...) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: [
            "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"),
        ], in: folder.path)
    }

    @Test func aMistypedOptionSuggestsTheNearest() throws {
        let json = try flags("list", "--jsn")
        #expect(json.status == 2)
        #expect(json.errors.hasPrefix("flags: unknown option --jsn (did you mean '--json'?)\nusage: flags list [--json] [--overridden]\n"), "\(json.errors)")
        // Global options are candidates too, and a value written with = does not hide the name.
        #expect(try flags("list", "--chanel=beta").errors.contains("(did you mean '--channel'?)"))
        #expect(try flags("reset", "--al").errors.contains("(did you mean '--all'?)"))
        // Nothing near: the options the command takes instead.
        let far = try flags("list", "--zzzzzzzz")
        #expect(far.status == 2 && far.errors.hasPrefix("flags: unknown option --zzzzzzzz; `flags list` takes --json, --overridden, and the global options of `flags --help`\n"),
                "\(far.errors)")
    }

    @Test func helpForAMistypedCommandPointsAtTheRealOne() throws {
        for arguments in [["lsit", "--help"], ["lsit"], ["help", "lsit"]] {
            let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")],
                                              in: folder.path)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains("(did you mean 'list'?)"), "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("flags lsit --help"), "\(arguments): \(result.errors)")
        }
        #expect(try flags("lsit", "--help").errors.hasSuffix("Try 'flags list --help' for more.\n"))
        #expect(try flags("zzzzzz").errors.hasSuffix("Try 'flags --help' for more.\n"))
    }

    @Test func countsAgreeWithTheirNouns() throws {
        #expect(try flags("set", "tipJar", "on").status == 0)
        let saved = try flags("preset", "save", "one")
        #expect(saved.output == "saved preset one: 1 override, 0 preferences\n", "\(saved.output)")
        let exported = try flags("export", "--output", folder.file("state.json"))
        #expect(exported.errors.contains("exported 1 override, 0 preferences to "), "\(exported.errors)")
        let imported = try flags("import", folder.file("state.json"))
        #expect(imported.output.hasPrefix("imported 1 override, 0 preferences"), "\(imported.output)")
        let replaced = try flags("import", "--replace", folder.file("state.json"))
        #expect(replaced.output.hasSuffix(", removed 0 other overrides\n"), "\(replaced.output)")
    }

    @Test func aMissingExperimentsFileIsAnErrorForEveryCommand() throws {
        for command in [["list"], ["get", "tipJar"], ["experiments"], ["validate"], ["fetch"]] {
            let result = try BuiltProgram.run(BuiltProgram.flags, ["--experiments", "experimnets.json"] + command,
                                              environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")], in: folder.path)
            #expect(result.status == 1, "\(command): \(result.status) \(result.errors)")
            #expect(result.errors.contains(folder.path + "/experimnets.json: no such experiments file"), "\(command): \(result.errors)")
            #expect(!result.errors.contains("warning:") && result.output.isEmpty, "\(command): \(result.output)\(result.errors)")
        }
    }

    /// The menu checks for a terminal first, so it is given one: the file is refused before any screen.
    @Test func theMenuRefusesAMissingExperimentsFileToo() throws {
        guard ShellSession.tmux != nil else { Issue.record("tmux is not installed"); return }
        let programs = URL(fileURLWithPath: BuiltProgram.flags).deletingLastPathComponent().path
        let session = try ShellSession(["/bin/sh"], in: folder.path, environment: [
            "PATH": "\(programs):/usr/bin:/bin", "PS1": "$ ", "TERM": "xterm-256color", "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"),
        ])
        defer { session.kill() }
        try session.waitFor("prompt") { $0.contains("$") }
        try session.type("flags --experiments experimnets.json; echo EXIT-$?")
        try session.press("Enter")
        let screen = try session.waitFor("the exit status") { $0.contains("EXIT-1") }
        #expect(screen.contains("experimnets.json: no such experiments file"), "\(screen)")
    }
}
