import Foundation
import Testing
import TestHelpers

/// The README is the index of the docs: it links every page of `docs/`, and no link of the
/// README or of a page points at a file that does not exist, or at a heading a page lacks. So a
/// page that is added, renamed or split cannot be lost, and a section that moves takes its
/// links along.
@Suite struct ReadmeLinksTests {
    /// A relative link of a page: where it stands and what it points at.
    struct Link: CustomTestStringConvertible, Sendable {
        var page: String
        var line: Int
        var target: String
        var testDescription: String { "\(page):\(line) → \(target)" }
    }

    /// Every link of `page` that is not to the web (`http:`, `https:`, `mailto:`), outside fenced
    /// blocks and code spans: `[text](target)` and `![alt](target)`.
    static func links(of page: String) -> [Link] {
        guard let text = MarkdownBlock.text(of: page) else { return [] }
        var links: [Link] = [], fenced = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced else { continue }
            // Code spans hold Markdown that is shown, not followed (`[x](y)` in a table of syntax).
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map { String($0.element) }.joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = String(after[..<close])
                if !["http:", "https:", "mailto:"].contains(where: target.hasPrefix) {
                    links.append(Link(page: page, line: index + 1, target: target))
                }
                rest = after[close...]
            }
        }
        return links
    }

    /// The anchor GitHub makes of a heading: lowercased, punctuation but `-` and `_` dropped,
    /// spaces made `-`.
    static func anchor(of heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    /// The anchors of a page's headings; a repeated heading gets `-1`, `-2`, … as on GitHub.
    static func anchors(of page: String) -> Set<String> {
        guard let text = MarkdownBlock.text(of: page) else { return [] }
        var anchors: Set<String> = [], seen: [String: Int] = [:], fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }
            guard heading.first == " " else { continue }
            let slug = anchor(of: String(heading.dropFirst()))
            let count = seen[slug, default: 0]
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
            seen[slug] = count + 1
        }
        return anchors
    }

    /// `path` relative to the package's root, for a link written in `page`.
    static func resolve(_ path: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/").map(String.init) {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    static let allLinks: [Link] = MarkdownBlock.pages.flatMap { links(of: $0) }

    @Test func theReadmeLinksEveryPageOfDocs() throws {
        let pages = MarkdownBlock.pages.filter { $0.hasPrefix("docs/") }
        #expect(pages.count >= 5, "\(pages)")
        let linked = Set(Self.links(of: "README.md").map { $0.target.components(separatedBy: "#")[0] })
        for page in pages {
            #expect(linked.contains(page), "README.md does not link \(page): add it to the README's index of the docs")
        }
    }

    @Test(arguments: allLinks) func eachLinkPointsAtAFileAndHeadingThatExist(_ link: Link) {
        let parts = link.target.components(separatedBy: "#")
        let file = parts[0].isEmpty ? link.page : Self.resolve(parts[0], from: link.page)
        #expect(FileManager.default.fileExists(atPath: SwiftToolchain.packageRoot + "/" + file),
                "\(link.page):\(link.line) links \(link.target), but \(file) does not exist")
        if parts.count > 1, file.hasSuffix(".md") {
            #expect(Self.anchors(of: file).contains(parts[1]),
                    "\(link.page):\(link.line) links \(link.target), but \(file) has no heading with the anchor #\(parts[1])")
        }
    }

    @Test func anchorsAndPathsAreReadAsGitHubReadsThem() {
        #expect(Self.anchor(of: "`flags info SLUG`") == "flags-info-slug")
        #expect(Self.anchor(of: "Untrusted input: the limits and what is refused") == "untrusted-input-the-limits-and-what-is-refused")
        #expect(Self.anchor(of: "Every combination: `flags matrix`") == "every-combination-flags-matrix")
        #expect(Self.resolve("../screenshots/menu-main.png", from: "docs/MENU.md") == "screenshots/menu-main.png")
        #expect(Self.resolve("docs/APPS.md", from: "README.md") == "docs/APPS.md")
        #expect(Self.resolve("TEAM.md", from: "docs/QA.md") == "docs/TEAM.md")
        let links = Self.links(of: "README.md").map(\.target)
        #expect(links.contains("screenshots/menu-main.png"), "\(links)")
    }
}
