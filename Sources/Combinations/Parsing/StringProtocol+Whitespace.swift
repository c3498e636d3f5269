extension StringProtocol {
    /// The text without white space at either end, as PICT trims (`iswspace`: spaces, tabs,
    /// line breaks, and the other Unicode spaces).
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
