/// A place in a model or seed file: the file as it was named, a 1-based line and column.
///
/// Use it to point a person at what to fix; `description` reads `file:line:column`, as compilers
/// print it, so editors and terminals can jump there.
///
/// ```swift
/// ModelLocation(file: "volume.txt", line: 7, column: 4).description   // "volume.txt:7:4"
/// ```
public struct ModelLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// Counted in characters (extended grapheme clusters), from 1.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
