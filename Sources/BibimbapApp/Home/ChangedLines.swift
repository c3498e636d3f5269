/// Marks the lines of a frame that changed since the frame before, for `bibimbap --watch`: a
/// toggle in the debug menu should show where it landed, not only that something moved.
///
/// Lines are matched as a diff does (the longest common subsequence of the two frames), so a
/// banner appearing at the top marks the banner, not every line below it. Frames are a few dozen
/// lines, so the O(n·m) table is nothing.
///
/// ```swift
/// let changes = ChangedLines(previous: ["a", "b"], current: ["a", "x", "b"])
/// changes.changed   // [1]
/// changes.removed   // 0
/// ```
public struct ChangedLines: Sendable, Equatable {
    /// Indices into the current frame's lines that are new or different.
    public let changed: Set<Int>
    /// How many lines of the previous frame are gone.
    public let removed: Int

    public init(previous: [Substring], current: [Substring]) {
        let n = previous.count, m = current.count
        // common[i][j]: the longest common subsequence of previous[i...] and current[j...].
        var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = previous[i] == current[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var kept = Set<Int>()
        var i = 0, j = 0
        while i < n && j < m {
            if previous[i] == current[j] {
                kept.insert(j)
                i += 1
                j += 1
            } else if common[i + 1][j] >= common[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        changed = Set(0..<m).subtracting(kept)
        removed = n - kept.count
    }

    public init(previous: String, current: String) {
        self.init(previous: previous.split(separator: "\n", omittingEmptySubsequences: false),
                  current: current.split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// The marker in the gutter of a changed line, and the gutter of the others.
    public static let marker = "\u{BB} "
    public static let blank = "  "

    /// `current` with a two-column gutter: `»` before each changed line, and a last line that
    /// says what the marks mean when any line changed or went.
    public static func marked(_ current: String, since previous: String?, color: Bool) -> String {
        var lines = current.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let previous else { return lines.map { blank + $0 + "\n" }.joined() }
        var previousLines = previous.split(separator: "\n", omittingEmptySubsequences: false)
        if previousLines.last == "" { previousLines.removeLast() }
        let changes = ChangedLines(previous: previousLines, current: lines)
        let mark = color ? "\u{1B}[1;33m\(marker)\u{1B}[0m" : marker
        var text = ""
        for (index, line) in lines.enumerated() {
            text += (changes.changed.contains(index) ? mark : blank) + line + "\n"
        }
        if !changes.changed.isEmpty || changes.removed > 0 {
            let changed = changes.changed.count == 1 ? "1 line changed" : "\(changes.changed.count) lines changed"
            let removed = changes.removed == 0 ? "" : changes.removed == 1 ? ", 1 removed" : ", \(changes.removed) removed"
            text += marker + changed + removed + " since the last frame\n"
        }
        return text
    }
}
