import Testing
import Platform

@Suite struct WhitespaceTrimmingTests {
    @Test func spacesAndTabsGoLineBreaksStay() {
        #expect("  a b \t".trimmingSpaces() == "a b")
        #expect("\n a \n".trimmingSpaces() == "\n a \n")
        #expect(" \t ".trimmingSpaces() == "")
        #expect("".trimmingSpaces() == "")
        #expect("x".dropFirst(0).trimmingSpaces() == "x")
    }

    @Test func withNewlinesEverySpaceGoes() {
        #expect("\r\n a b \n\t".trimmingSpacesAndNewlines() == "a b")
        #expect("\n\n".trimmingSpacesAndNewlines() == "")
    }
}
