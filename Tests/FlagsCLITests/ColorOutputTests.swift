import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// Color in `flags list` and `flags diff`: on for a terminal, off for a pipe, off with NO_COLOR,
/// as `--color` says; never in JSON; and never a code that came from the data.
@Suite(.blocking) struct ColorOutputTests {
    let folder = TemporaryDirectory()
    static let escape = "\u{1B}["

    private var environment: [String: String] { ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")] }

    private func flags(_ arguments: [String], _ extra: [String: String] = [:]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment.merging(extra) { $1 }, in: folder.path)
    }

    @Test func aPipeGetsPlainTextUnlessAlwaysIsAsked() throws {
        #expect(try flags(["set", "tipJar", "off"]).status == 0)
        let plain = try flags(["list"])
        #expect(plain.status == 0 && !plain.output.contains(Self.escape))
        let always = try flags(["list", "--color=always"])
        #expect(always.output.contains("\u{1B}[1mFLAG\u{1B}[0m"))
        // The source column by kind, the value by on/off; padding stays outside the codes.
        #expect(always.output.contains("\u{1B}[33moverride (set "), "\(always.output)")
        #expect(always.output.contains("\u{1B}[2mdefault\u{1B}[0m "))
        #expect(always.output.contains("\u{1B}[31moff\u{1B}[0m    "))
        // With the codes taken out, the table is the plain one.
        #expect(Self.timeless(Self.strippingCodes(always.output)) == Self.timeless(plain.output))
        #expect(try flags(["--color", "always", "list", "--json"]).output.contains(Self.escape) == false)
        #expect(Self.timeless(try flags(["--color=never", "list"]).output) == Self.timeless(plain.output))
        // NO_COLOR wins over auto, not over always.
        #expect(try flags(["--color=always", "list"], ["NO_COLOR": "1"]).output.contains(Self.escape))
        let bad = try flags(["--color=sometimes", "list"])
        #expect(bad.status == 2 && bad.errors.contains("unknown --color 'sometimes'; expected auto, always or never"))
    }

    @Test func diffColorsCurrentAndSaved() throws {
        #expect(try flags(["preset", "save", "before"]).status == 0)
        #expect(try flags(["set", "tipJar", "on"]).status == 0)
        let diff = try flags(["diff", "preset:before", "--color=always"])
        #expect(diff.status == 1, "differences exit 1, as diff(1) does")
        #expect(diff.output.contains("\u{1B}[32mon\u{1B}[0m") && diff.output.contains("\u{1B}[31m-\u{1B}[0m"), "\(diff.output)")
        #expect(Self.strippingCodes(diff.output) == (try flags(["diff", "preset:before"])).output)
        let inForce = try flags(["diff", "--color=always"])
        #expect(inForce.output.contains("\u{1B}[33mon\u{1B}[0m"), "\(inForce.output)")
    }

    @Test func aTerminalGetsColorUnlessNoColorIsSet() throws {
        guard ShellSession.tmux != nil else { Issue.record("tmux is not installed"); return }
        let programs = URL(fileURLWithPath: BuiltProgram.flags).deletingLastPathComponent().path
        let shell = ["/bin/sh"]
        let session = try ShellSession(shell, in: folder.path, environment: environment.merging([
            "PATH": "\(programs):/usr/bin:/bin", "PS1": "$ ", "TERM": "xterm-256color",
        ]) { $1 }, unsetting: ["NO_COLOR"])
        defer { session.kill() }
        try session.waitFor("prompt") { $0.contains("$") }
        try session.type("flags list; echo END-'1'")
        try session.press("Enter")
        let colored = try session.waitFor("the list", escapes: true) { $0.contains("END-1") }
        #expect(colored.contains("\u{1B}[1mFLAG"), "\(colored)")
        try session.type("clear; NO_COLOR=1 flags list; echo END-'2'")
        try session.press("Enter")
        let plain = try session.waitFor("the plain list", escapes: true) { $0.contains("END-2") }
        #expect(plain.contains("FLAG") && !plain.contains("\u{1B}[1mFLAG"), "\(plain)")
    }

    /// A flag title or slug holding an escape is shown as `?`, colored or not: codes come from us only.
    @Test func codesFromTheDataAreNeverPassedOn() throws {
        let records = folder.write("""
            {"data": [{"schemaVersion": "1.12.0", "slug": "evil\\u001b[31mred", "id": "evil", "appName": "bibimbap",
              "appId": "bibimbap", "channel": "developer", "userFacingName": "x", "userFacingDescription": "x", "isEnrollmentPaused": false,
              "isRollout": true, "bucketConfig": {"randomizationUnit": "nimbus_id", "namespace": "n", "start": 0, "count": 10000, "total": 10000},
              "featureIds": ["tip-jar-feature"], "branches": [{"slug": "on", "ratio": 1, "features": [{"featureId": "tip-jar-feature", "value": {"enabled": true}}]}],
              "targeting": "true", "startDate": null, "endDate": null, "proposedDuration": 28, "proposedEnrollment": 7, "referenceBranch": null}]}
            """, to: "records.json")
        let list = try flags(["--experiments", records, "list", "--color=always"])
        #expect(list.status == 0, "\(list.errors)")
        #expect(!list.output.contains("\u{1B}[31mred"), "\(list.output)")
        #expect(list.output.contains("\u{1B}[36mrollout evil?[31mred\u{1B}[0m"), "\(list.output)")
    }

    /// `text` with each override's age ("set 4s ago") made one word and the padding around it
    /// one space, so two tables printed seconds apart on a busy machine compare equal.
    static func timeless(_ text: String) -> String {
        text.replacing(/set [0-9]+[smhd] ago/, with: "set (age) ago").replacing(/\ +/, with: " ")
    }

    static func strippingCodes(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\u{1B}", let end = text[index...].firstIndex(of: "m") {
                index = text.index(after: end)
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
