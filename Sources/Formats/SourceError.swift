/// A problem at a place in a source file — YAML, a Feature Manifest, JSON — with the file, line
/// and column to fix. `description` reads `file:line:column: message`, as compilers print it.
///
/// The YAML reader, the manifest loader and the JSON parser all report this one type (under the
/// names `YAMLError`, `ManifestError` and `JSONParseError`), so an error found while reading YAML
/// needs no conversion on its way out of a manifest.
///
/// ```swift
/// do { _ = try FeatureManifest.load(path: "nimbus.fml.yaml") }
/// catch { print(error) }  // nimbus.fml.yaml:12:18: invalid default for variable 'enabled' …
/// ```
public struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as its path was given (or a display name such as `<input>`).
    public let file: String
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column of the problem, counted in characters.
    public let column: Int
    /// What is wrong and what was expected, in plain words.
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
