/// Why a JSON text could not be read, and where: the file, the 1-based line and column.
///
/// Use it to tell a person which byte of which file to fix; `description` has the
/// `file:line:column: message` shape that editors and terminals turn into a link.
///
/// ```swift
/// do { _ = try JSONParser.parse("[1,]", file: "records.json") }
/// catch { print(error) }  // records.json:1:4: expected a value, found `]`
/// ```
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name given to the parser for the text (a path, or `<input>`).
    public var file: String
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column of the offending character, counted in Unicode scalars.
    public var column: Int
    /// What is wrong, in plain words.
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
