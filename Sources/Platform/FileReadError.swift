#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `BoundedFileReader` could not read a file: what the system said, a folder or a device
/// where a file was expected, or a file larger than the limit of what it is read as.
///
/// `reason` fits after "cannot read x: "; `description` names the file first.
///
/// ```swift
/// FileReadError(path: "big.json", problem: .tooLarge(limit: 16 << 20)).description
/// // "big.json: larger than the limit of 16 MiB (is it the file you meant?)"
/// ```
public struct FileReadError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        /// `open` or `read` failed with this errno.
        case system(Int32)
        case folder
        /// A character or block device, such as `/dev/zero`.
        case device
        /// More than `limit` bytes arrived before the end.
        case tooLarge(limit: Int)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// What went wrong, without the path.
    public var reason: String {
        switch problem {
        case .system(ENOENT): "no such file"
        case .system(let number): ErrorText.systemMessage(number)
        case .folder: "is a folder, not a file"
        case .device: "is a device, not a file"
        case .tooLarge(let limit): "larger than the limit of \(Self.size(limit)) (is it the file you meant?)"
        }
    }

    public var description: String { "\(path): \(reason)" }

    public var isTooLarge: Bool {
        if case .tooLarge = problem { true } else { false }
    }

    /// `16 MiB`, `512 KiB` or `100 bytes`: a limit as people write it.
    public static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
