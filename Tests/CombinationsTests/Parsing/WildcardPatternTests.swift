import Testing
@testable import Combinations

@Suite struct WildcardPatternTests {
    @Test(arguments: [
        ("FAT*", "FAT32", true), ("FAT*", "FAT", true), ("*FAT*", "exFAT", true), ("?eFS", "ReFS", true),
        ("?eFS", "eFS", false), ("W*n*0", "Win10", true), ("W*n*0", "Win11", false), ("*", "", true),
        ("", "", true), ("a?c", "abc", true), ("a?c", "ac", false), ("**a", "bba", true), ("*a*b", "xaxxb", true),
    ])
    func matches(pattern: String, text: String, expected: Bool) {
        #expect(WildcardPattern.matches(pattern, text) == expected)
    }
}
