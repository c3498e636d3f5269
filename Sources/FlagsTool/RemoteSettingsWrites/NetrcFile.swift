#if canImport(Glibc)
import Glibc
#endif
import Platform

/// The entries of a `~/.netrc` file, the standard place (curl, git, ftp, Python) for a login per
/// host, so a Remote Settings password never has to be typed on a command line.
///
/// It reads the tokens `machine NAME`, `default`, `login`, `password` and `account`, skips
/// `macdef` bodies (up to a blank line), and matches a host by its name exactly, then `default`.
///
/// ```swift
/// let netrc = NetrcFile.parse("machine rs.example.com login alice password s3cret")
/// netrc.login(forHost: "rs.example.com")   // ("alice", "s3cret")
/// ```
public struct NetrcFile: Sendable, Equatable {
    /// One `machine` (or `default`, whose `machine` is nil) block.
    public struct Entry: Sendable, Equatable {
        public var machine: String?
        public var login: String?
        public var password: String?
    }

    public var entries: [Entry]

    /// A netrc larger than this is not a netrc: it is refused rather than read whole.
    public static let maximumSize = 1 * BoundedFileReader.mebibyte

    /// The login and password for `host`: its `machine` entry, else the `default` one.
    public func login(forHost host: String) -> (login: String, password: String)? {
        let lowered = host.lowercased()
        let entry = entries.first { $0.machine?.lowercased() == lowered } ?? entries.first { $0.machine == nil }
        guard let entry, let login = entry.login, let password = entry.password else { return nil }
        return (login, password)
    }

    /// Reads `path`; a missing file is an empty netrc (most people have none).
    public static func read(path: String) throws(FileReadError) -> NetrcFile {
        guard FileManager.default.fileExists(atPath: path) else { return NetrcFile(entries: []) }
        return parse(String(decoding: try BoundedFileReader.read(path: path, limit: maximumSize), as: UTF8.self))
    }

    /// Why a netrc that holds a password must not be used, or nil when it may: as Python's
    /// `netrc` refuses it, a file that is not the user's own, or that the group or others may
    /// read or write, could have been written, or read, by someone else.
    public static func exposure(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_uid != geteuid() {
            return "\(path) holds a password but belongs to user \(info.st_uid), not to you (\(geteuid())): "
                + "a netrc is read only when it is your own; nothing was sent"
        }
        let mode = info.st_mode & 0o777
        if mode & 0o077 != 0 {
            return "\(path) holds a password but its mode is 0\(String(mode, radix: 8)): others can read or change it; "
                + "make it private with `chmod 600 \(path)`; nothing was sent"
        }
        return nil
    }

    public static func parse(_ text: String) -> NetrcFile {
        var entries: [Entry] = []
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)[...]
        var tokens: [Substring] = []
        // `macdef NAME` starts a macro whose body runs to the next empty line: none of it is tokens.
        while let line = lines.popFirst() {
            let words = line.split(whereSeparator: \.isWhitespace)
            if let index = words.firstIndex(of: "macdef") {
                tokens += words[..<index]
                while let body = lines.popFirst(), !body.allSatisfy(\.isWhitespace) {}
                continue
            }
            tokens += words
        }
        var index = tokens.startIndex
        func next() -> String? {
            guard index < tokens.endIndex else { return nil }
            defer { index += 1 }
            return String(tokens[index])
        }
        while let token = next() {
            switch token {
            case "machine": entries.append(Entry(machine: next() ?? ""))
            case "default": entries.append(Entry(machine: nil))
            case "login": let value = next(); if !entries.isEmpty { entries[entries.count - 1].login = value }
            case "password": let value = next(); if !entries.isEmpty { entries[entries.count - 1].password = value }
            case "account": _ = next()
            default: continue
            }
        }
        return NetrcFile(entries: entries)
    }
}
