/// A Feature Manifest that cannot be loaded, with the file, line and column to fix.
///
/// `FeatureManifest.load(path:)` throws it for every problem: YAML syntax, unknown keys, unknown
/// types, defaults of the wrong type, unknown channels, missing includes. `description` reads
/// `path:line:column: message` and the message says what was expected.
///
/// ```swift
/// do { _ = try FeatureManifest.load(path: "nimbus.fml.yaml") }
/// catch { print(error) }  // nimbus.fml.yaml:12:18: invalid default for variable 'enabled' …
/// ```
public struct ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// A YAML problem in a manifest file, reported the same way as every other manifest problem.
    public init(_ error: YAMLError) {
        self.init(file: error.file, line: error.line, column: error.column, message: error.message)
    }

    public var mark: YAMLMark { YAMLMark(file: file, line: line, column: column) }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
