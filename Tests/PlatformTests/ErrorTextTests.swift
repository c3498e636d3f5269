import Foundation
import Testing
import Platform

@Suite struct ErrorTextTests {
    @Test func aFileErrorSaysWhatTheSystemSaid() {
        do {
            try Data().write(to: URL(fileURLWithPath: "/nonexistent-folder/x"))
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect(ErrorText.describe(error) == "No such file or directory")
        }
    }

    @Test func aFolderThatCannotBeMadeSaysWhy() {
        do {
            try FileManager.default.createDirectory(atPath: "/proc/no/such", withIntermediateDirectories: true)
            Issue.record("creating a folder under /proc succeeded")
        } catch {
            #expect(ErrorText.describe(error) == "No such file or directory")
        }
    }

    @Test func anErrorOfOursSaysItsDescription() {
        struct Refused: Error, CustomStringConvertible { var description: String { "the store is read-only" } }
        #expect(ErrorText.describe(Refused()) == "the store is read-only")
    }

    @Test func aSentenceNamesTheFileAFoundationErrorIsAbout() {
        do {
            try Data().write(to: URL(fileURLWithPath: "/nonexistent-folder/x"))
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect(ErrorText.sentence(error) == "/nonexistent-folder/x: No such file or directory")
            #expect(!ErrorText.sentence(error).contains("CocoaError") && !ErrorText.sentence(error).contains("userInfo"))
        }
        struct Refused: Error, CustomStringConvertible { var description: String { "the store is read-only" } }
        #expect(ErrorText.sentence(Refused()) == "the store is read-only")
    }
}
