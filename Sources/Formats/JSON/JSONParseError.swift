/// JSON text that is not valid (RFC 8259), with the line and column of the offending character
/// (columns counted in Unicode scalars).
///
/// ```swift
/// do { _ = try JSONParser.parse("{\"a\": }", file: "records.json") }
/// catch let error as JSONParseError { print(error) }  // records.json:1:7: expected a value …
/// ```
public typealias JSONParseError = SourceError
