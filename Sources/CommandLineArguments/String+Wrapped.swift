extension String {
    /// The text's words in lines of at most `width` columns, each line indented by `indent`
    /// spaces, the first by `firstLineIndent` when given (a sentence written from its start and
    /// the lines that continue it indented); a word longer than a line stays whole. Line breaks
    /// in the text are kept.
    public func wrapped(width: Int, indent: Int = 0, firstLineIndent: Int? = nil) -> String {
        let first = firstLineIndent ?? indent
        let rest = indent
        var isFirstLine = true
        return split(separator: "\n", omittingEmptySubsequences: false).map { paragraph -> String in
            var lines: [String] = []
            var line = ""
            func margin() -> Int { isFirstLine ? first : rest }
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && margin() + line.count + 1 + word.count > width {
                    lines.append(String(repeating: " ", count: margin()) + line)
                    isFirstLine = false
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(String(repeating: " ", count: margin()) + line)
            isFirstLine = false
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
