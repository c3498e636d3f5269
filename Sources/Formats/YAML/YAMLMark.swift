/// A position in a YAML file: the file's display path and a 1-based line and column.
///
/// Every `YAMLNode` carries one so that anything built from YAML (the Feature Manifest, the flag
/// registry) can point its errors at the exact place a user has to fix.
///
/// ```swift
/// let node = try YAMLReader.read(string: "a: 1", name: "inline.yaml")
/// node["a"]?.mark.description  // "inline.yaml:1:4"
/// ```
public struct YAMLMark: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the prefix compilers use, so editors and terminals can jump to it.
    public var description: String { "\(file):\(line):\(column)" }
}
