import Foundation
import TestHelpers
import Testing

/// Each command-line option is spelled in one place: the `FlagOption` or `ValueOption` that
/// both parses it and documents it (help, the man page, completion, the README's reference).
/// A second `"--name"` literal of a declared option in its module is a second hand-written
/// parse or help entry, which can drift from the declaration; this test names both places.
/// Literals of options no declaration names are another program's (`tmux -t`), and pass.
@Suite struct OptionDeclarationTests {
    /// A string literal that is nothing but an option's spelling: `"--json"`, `"-o"`.
    static var optionLiteral: Regex<(Substring, Substring)> { /"(--?[A-Za-z][A-Za-z0-9-]*)"/ }

    /// Every option literal of the Swift code in `files` (path and text), with where it is;
    /// comment lines do not count.
    static func optionLiterals(in files: [(path: String, text: String)]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.drop(while: { $0 == " " }).hasPrefix("//") { continue }
                for match in line.matches(of: optionLiteral) {
                    found[String(match.output.1), default: []].append("\(file.path):\(number + 1)")
                }
            }
        }
        return found
    }

    /// A line that declares options: the spellings on it are the declaration's.
    static var declaration: Regex<Substring> { /(?:FlagOption|ValueOption|OptionSpec)\(/ }

    /// The options `files` declare that they spell in more than one place, with those places.
    static func duplicates(in files: [(path: String, text: String)]) -> [String: [String]] {
        let declared = Set(files.flatMap { file in
            file.text.split(separator: "\n").filter { $0.contains(declaration) && !$0.drop(while: { $0 == " " }).hasPrefix("//") }
                .flatMap { $0.matches(of: optionLiteral).map { String($0.output.1) } }
        })
        return optionLiterals(in: files).filter { declared.contains($0.key) && $0.value.count > 1 }
    }

    /// The modules with a command line: the parser's own and every one that imports it, each
    /// with its Swift files. Each program's options are its own, so a spelling two programs
    /// share (`--config` in `flags` and `bibimbap`) is one declaration in each.
    static func commandLineModules() throws -> [String: [(path: String, text: String)]] {
        let sources = SwiftToolchain.packageRoot + "/Sources"
        var modules: [String: [(path: String, text: String)]] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            let folder = sources + "/" + module
            guard module == "CommandLineArguments" || PackageLayoutTests.imports(under: folder).contains("CommandLineArguments") else { continue }
            let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            modules[module] = try files.sorted().map { file in
                ("Sources/\(module)/\(file)", try String(contentsOfFile: folder + "/" + file, encoding: .utf8))
            }
        }
        return modules
    }

    @Test func everyOptionIsSpelledOnceInItsModule() throws {
        let modules = try Self.commandLineModules()
        try #require(Set(["CommandLineArguments", "FlagsCLI", "BibimbapApp", "flags-bench"]).isSubset(of: modules.keys),
                     "found the command-line modules \(modules.keys.sorted())")
        // Not vacuous: the scan sees the declarations themselves.
        let declared = Self.optionLiterals(in: modules["FlagsCLI"] ?? [])
        #expect(declared.count >= 40 && declared["--overridden"] != nil, "\(declared.keys.sorted())")
        for (module, files) in modules.sorted(by: { $0.key < $1.key }) {
            for (option, places) in Self.duplicates(in: files).sorted(by: { $0.key < $1.key }) {
                Issue.record("\(module) spells \(option) in \(places.count) places; declare it once and use the declaration: \(places.joined(separator: ", "))")
            }
        }
    }

    @Test func aSecondSpellingOfADeclaredOptionIsFoundAndACommentIsNot() {
        let files: [(path: String, text: String)] = [
            ("A.swift", "static let json = FlagOption(\"--json\", help: \"x\")\n/// arguments.take(\"--json\")\n"),
            ("B.swift", "let yes = arguments.flag(\"-y\")\nlet json = words.contains(\"--json\")\nprint(\"--json is \\(x)\")\n"),
            ("C.swift", "tmux([\"-t\", pane])\ntmux([\"-t\", other])\n"),
        ]
        #expect(Self.duplicates(in: files).mapValues(\.count) == ["--json": 2])
        #expect(Self.duplicates(in: files)["--json"] == ["A.swift:1", "B.swift:2"])
        #expect(Self.optionLiterals(in: files)["-y"] == ["B.swift:1"])
        #expect(Self.optionLiterals(in: files)["-t"]?.count == 2)
    }
}
