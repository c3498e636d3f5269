/// A YAML file that could not be read or parsed, with the place of the problem.
///
/// Thrown by `YAMLReader` for syntax errors, duplicate mapping keys and unknown aliases, and by
/// code that reads `YAMLNode`s and finds the wrong shape. `description` reads
/// `file:line:column: message`.
///
/// ```swift
/// do { _ = try YAMLReader.read(string: "a: [1", name: "x.yaml") }
/// catch let error as YAMLError { print(error) }  // x.yaml:1:6: did not find expected ',' or ']' …
/// ```
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public init(at mark: YAMLMark, _ message: String) {
        self.init(file: mark.file, line: mark.line, column: mark.column, message: message)
    }

    public var mark: YAMLMark { YAMLMark(file: file, line: line, column: column) }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
