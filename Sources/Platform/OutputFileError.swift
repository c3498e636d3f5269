/// Why an output file could not be written: the path as the user gave it and the system's reason.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var errorNumber: Int32

    /// "cannot write /dev/full: No space left on device".
    public var description: String { "cannot write \(path): \(ErrorText.systemMessage(errorNumber))" }
}
