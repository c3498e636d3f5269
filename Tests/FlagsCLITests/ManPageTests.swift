import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `flags help --man`: flags.1, rendered by the real man and groff without a warning.
@Suite(.blocking) struct ManPageTests {
    let folder = TemporaryDirectory()

    private func manPage() throws -> String {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["help", "--man"], environment: ["HOME": folder.path], in: folder.path)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        return result.output
    }

    private static func program(_ name: String) -> String? {
        ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func groffFindsNothingToWarnAbout() throws {
        guard let groff = Self.program("groff") else { Issue.record("groff is not installed: apt-get install groff-base"); return }
        let path = folder.write(try manPage(), to: "flags.1")
        let check = try BuiltProgram.run(groff, ["-ww", "-man", "-Tutf8", "-z", path])
        #expect(check.status == 0 && check.errors.isEmpty, "\(check.errors)")
    }

    @Test func manRendersItWithEveryCommandAndSection() throws {
        guard let man = Self.program("man") else { Issue.record("man is not installed: apt-get install man-db"); return }
        let path = folder.write(try manPage(), to: "flags.1")
        let shown = try BuiltProgram.run(man, ["--warnings", "-l", path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat",
                                                                                        "HOME": folder.path, "LANG": "C.UTF-8"])
        #expect(shown.status == 0 && shown.errors.isEmpty, "\(shown.errors)")
        let text = shown.output
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(text.contains("\n\(section)\n"), "\(section)")
        }
        #expect(text.contains("flags - the Feature Flags debug tool"))
        #expect(text.contains("   flags list [--json] [--overridden]\n"))
        #expect(text.contains("--overridden\n") && text.contains("NO_COLOR\n") && text.contains("--color auto|always|never"))
        #expect(text.contains("flags completion bash|zsh|fish"))
        // The options of the team and history commands, an optional value in brackets.
        #expect(text.contains("--remote [URL]\n") && text.contains("--since DURATION\n") && text.contains("--shard K/N\n"), "\(text)")
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    /// Text reaching roff that would be read as a request or an escape is made plain.
    @Test func helpTextIsEscapedForRoff() throws {
        let page = try manPage()
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") })
        // The menu's key list has a backslash-free line starting with a dot nowhere but requests;
        // non-ASCII (the em dash of `matrix`) is a named glyph, so groff needs no input encoding.
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(page.contains("\\[u2014]"))
    }
}
