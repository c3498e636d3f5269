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
    // 32 bits each are more lines and columns than any file this reads can have, and a large
    // app holds a mark for every flag, feature, variable and block: several hundred thousand.
    private let storedLine: Int32
    private let storedColumn: Int32

    public var line: Int { Int(storedLine) }
    public var column: Int { Int(storedColumn) }

    public init(file: String, line: Int, column: Int) {
        self.file = file
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// `file:line:column`, the prefix compilers use, so editors and terminals can jump to it.
    public var description: String { "\(file):\(line):\(column)" }
}
