import Foundation
import Testing
import TestFolders
@testable import Prefs
import TestTraits

/// Keys with a control character are refused by both stores before anything is written, and text
/// is bound by its byte length, so a NUL can no longer cut a key (or a value) short.
@Suite(.blocking) struct PrefKeyTests {
    let folder = TemporaryDirectory()

    @Test(arguments: ["tipJarDebugKey\u{0}", "a\nb", "tab\tkey", "\u{1B}[2J", "del\u{7F}", "c1\u{85}", "ls\u{2028}", ""])
    func aKeyWithAControlCharacterIsRefusedAndNothingIsWritten(key: String) throws {
        let stores: [any Prefs] = [try SQLitePrefs(path: folder.file("prefs.sqlite")), InMemoryPrefs()]
        for prefs in stores {
            #expect(throws: InvalidPrefKey.self) { try prefs.apply([.set("fine", .bool(true)), .set(key, .bool(true))]) }
            #expect(throws: InvalidPrefKey.self) { try prefs.apply(documents: [key: "{}"], changes: []) }
            #expect(prefs.allEntries().isEmpty, "nothing of the change was written")
        }
    }

    /// Before: `tipJarDebugKey\0` was bound up to its NUL, and wrote the debug override of tipJar.
    @Test func textIsBoundByItsByteLength() throws {
        let path = folder.file("prefs.sqlite")
        let prefs = try SQLitePrefs(path: path)
        try prefs.setString("before\u{0}after", forKey: "note")
        #expect(try SQLitePrefs(path: path).stringForKey("note") == "before\u{0}after")
        #expect(try SQLiteConnection(path: path, create: false).query("SELECT count(*) FROM prefs WHERE key = ?1", [.text("note\u{0}x")]) == [[.integer(0)]])
    }

    @Test func theProblemNamesTheCharacter() {
        #expect(PrefKey.problem(with: "tipJarDebugKey") == nil)
        #expect(PrefKey.problem(with: "tipJarDebugKey\u{0}")?.contains("U+0000") == true)
        #expect(PrefKey.problem(with: String(repeating: "k", count: 1025))?.contains("longer than 1024 bytes") == true)
        #expect(!"\(InvalidPrefKey(key: "a\nb", problem: "p"))".contains("\n"))
    }
}
