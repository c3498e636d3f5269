#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A short sentence for an error, to follow "cannot write x: " in a message: what
/// `localizedDescription` gave, which FoundationEssentials lacks.
///
/// A file error from Foundation (`CocoaError`) says what the system said (`strerror`), such as
/// "No such file or directory"; an error of ours says its own description.
public enum ErrorText {
    /// What went wrong, in a few words: "No such file or directory", "the store is read-only".
    public static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return systemMessage(posix.code.rawValue) }
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError { return systemMessage(posix.code.rawValue) }
            return cocoaMessage(cocoa.code)
        }
        return String(describing: error)
    }

    /// `describe`, with the file a Foundation error is about in front ("/tmp/x: Permission
    /// denied"): for a message that has no path of its own, so that no Swift error value is ever
    /// shown as it is (`CocoaError(code: …, userInfo: […])`).
    public static func sentence(_ error: any Error) -> String {
        let reason = describe(error)
        guard let path = (error as? CocoaError)?.filePath else { return reason }
        return "\(path): \(reason)"
    }

    /// The C library's text for an errno value.
    public static func systemMessage(_ number: Int32) -> String {
        String(cString: strerror(number))
    }

    /// Foundation's file errors that carry no system error, in the words `strerror` would use.
    private static func cocoaMessage(_ code: CocoaError.Code) -> String {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: systemMessage(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: systemMessage(EACCES)
        case .fileWriteFileExists: systemMessage(EEXIST)
        case .fileWriteOutOfSpace: systemMessage(ENOSPC)
        case .fileWriteVolumeReadOnly: systemMessage(EROFS)
        case .fileReadCorruptFile: "the file is not in the expected format"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: "the text is not valid in its encoding"
        default: "file error \(code.rawValue)"
        }
    }
}
