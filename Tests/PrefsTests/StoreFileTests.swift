import Foundation
import Testing
import TestFolders
@testable import Prefs

/// Files that are not a store must be refused with the path in the message and left untouched.
@Suite struct StoreFileTests {
    let folder = TemporaryDirectory()

    private func expectRefused(_ path: String, kind: PrefsStoreError.Kind, mentioning words: String) throws {
        let before = FileManager.default.contents(atPath: path)
        #expect {
            _ = try SQLitePrefs(path: path)
        } throws: { error in
            guard let error = error as? PrefsStoreError else { return false }
            return error.kind == kind && error.description.contains(path) && error.description.contains(words)
        }
        #expect(FileManager.default.contents(atPath: path) == before, "the file must be left byte-for-byte as it was")
    }

    /// SQLite's "string or blob too big" is about a value, not the disk: it is said so.
    @Test func aValueTooLargeIsNotBlamedOnTheDisk() throws {
        let path = folder.file("prefs.sqlite")
        _ = try SQLitePrefs(path: path)
        let connection = try SQLiteConnection(path: path, create: false)
        #expect {
            _ = try connection.query("SELECT zeroblob(2000000000)")
        } throws: { error in
            let explained = StoreFile.explain(error, path: path, action: "write")
            return explained.kind == .valueTooLarge && explained.problem.contains("larger than SQLite allows")
                && !explained.hint.contains("disk") && explained.description.contains(path)
        }
    }

    @Test func garbageBytesAreRefused() throws {
        let path = folder.file("prefs.sqlite")
        folder.write(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }), to: path)
        try expectRefused(path, kind: .notAStore, mentioning: "not an SQLite database")
    }

    @Test func emptyFileIsRefused() throws {
        let path = folder.file("prefs.sqlite")
        folder.write(Data(), to: path)
        try expectRefused(path, kind: .notAStore, mentioning: "empty")
    }

    @Test func truncatedStoreIsRefused() throws {
        let path = folder.file("prefs.sqlite")
        do {
            let prefs = try SQLitePrefs(path: path)
            try prefs.apply((0..<300).map { .set("key\($0)", .string(String(repeating: "v", count: 100))) })
        }
        let whole = try #require(FileManager.default.contents(atPath: path))
        folder.write(whole.prefix(whole.count / 2), to: path)
        try expectRefused(path, kind: .notAStore, mentioning: "damaged")
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let path = folder.file("prefs.sqlite")
        do {
            let other = try SQLiteConnection(path: path, create: true)
            try other.execute("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('https://example.org');")
        }
        chmod(path, 0o600)
        try expectRefused(path, kind: .notAStore, mentioning: "another program")
    }

    @Test func newerSchemaIsRefused() throws {
        let path = folder.file("prefs.sqlite")
        _ = try SQLitePrefs(path: path)
        do {
            let connection = try SQLiteConnection(path: path, create: false)
            try connection.execute("PRAGMA user_version = 99")
        }
        try expectRefused(path, kind: .newerSchema, mentioning: "newer version")
    }

    @Test func folderInPlaceOfTheFileIsRefused() throws {
        let path = folder.file("prefs.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try expectRefused(path, kind: .notAFile, mentioning: "is not a regular file")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue, "the folder is left as it was")
    }

    @Test func worldWritableStoreIsRefused() throws {
        let path = folder.file("prefs.sqlite")
        _ = try SQLitePrefs(path: path)
        chmod(path, 0o666)
        try expectRefused(path, kind: .unsafePermissions, mentioning: "chmod 600")
    }
}
