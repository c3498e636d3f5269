import Foundation

/// A fenced code block of the package's README, with where it stands: what the tests that keep
/// the README honest read (its console examples are run, its adoption code is the example's).
public struct ReadmeBlock: Sendable {
    /// The line of the opening fence, counting from 1.
    public var line: Int
    /// The fence's language (`console`, `swift`, `sh`), empty for none.
    public var language: String
    /// The `## ` heading the block stands under.
    public var section: String
    public var lines: [String]

    /// Every fenced block of README.md, in order; none when it cannot be read.
    public static func all() -> [ReadmeBlock] {
        guard let text = try? String(contentsOfFile: SwiftToolchain.packageRoot + "/README.md", encoding: .utf8) else { return [] }
        var blocks: [ReadmeBlock] = [], current: ReadmeBlock?, section = ""
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
                current = ReadmeBlock(line: index + 1, language: String(line.dropFirst(3)), section: section, lines: [])
            } else if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
            }
        }
        return blocks
    }
}
