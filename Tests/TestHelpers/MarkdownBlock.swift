import Foundation

/// A fenced code block of one of the package's Markdown pages (`README.md` or a page of
/// `docs/`), with where it stands. The tests that keep the pages honest read these: console
/// examples are run and compared, CI recipes run as their jobs would, adoption code must be the
/// example app's code.
///
/// ```swift
/// let recipes = MarkdownBlock.all(in: "docs/TEAM.md").filter { $0.language == "yaml" }
/// let examples = MarkdownBlock.inEveryPage().filter { $0.language == "console" }
/// ```
public struct MarkdownBlock: Sendable {
    /// The page, relative to the package's root: `README.md`, `docs/APPS.md`.
    public var file: String
    /// The line of the opening fence, counting from 1.
    public var line: Int
    /// The fence's language (`console`, `swift`, `sh`), empty for none.
    public var language: String
    /// The `## ` heading the block stands under, empty before the first.
    public var section: String
    /// The `### ` heading the block stands under within its section, empty for none.
    public var subsection: String
    public var lines: [String]

    /// Where the block starts, as `file:line`, for test names and failure messages.
    public var location: String { "\(file):\(line)" }

    /// The package's Markdown pages: `README.md`, then every `docs/*.md` in name order.
    public static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: SwiftToolchain.packageRoot + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The text of `file` (relative to the package's root), or nil when it cannot be read.
    public static func text(of file: String) -> String? {
        try? String(contentsOfFile: SwiftToolchain.packageRoot + "/" + file, encoding: .utf8)
    }

    /// Every fenced block of `file`, in order; none when it cannot be read.
    public static func all(in file: String = "README.md") -> [MarkdownBlock] {
        guard let text = text(of: file) else { return [] }
        var blocks: [MarkdownBlock] = [], current: MarkdownBlock?, section = "", subsection = ""
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line.hasPrefix("```") {
                current = MarkdownBlock(file: file, line: index + 1, language: String(line.dropFirst(3)),
                                        section: section, subsection: subsection, lines: [])
            } else if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                subsection = ""
            } else if line.hasPrefix("### ") {
                subsection = String(line.dropFirst(4))
            }
        }
        return blocks
    }

    /// Every fenced block of every page (`pages`), page by page.
    public static func inEveryPage() -> [MarkdownBlock] {
        pages.flatMap { all(in: $0) }
    }
}
