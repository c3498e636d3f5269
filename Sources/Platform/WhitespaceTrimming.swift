extension StringProtocol {
    /// The text without the spaces and tabs at either end: Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, which FoundationEssentials lacks.
    public func trimmingSpaces() -> String {
        trimming(where: { $0.isWhitespace && !$0.isNewline })
    }

    /// The text without spaces, tabs and line breaks at either end
    /// (`trimmingCharacters(in: .whitespacesAndNewlines)`).
    public func trimmingSpacesAndNewlines() -> String {
        trimming(where: \.isWhitespace)
    }

    private func trimming(where isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
