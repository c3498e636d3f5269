import Testing
@testable import Combinations

@Suite struct PICTNumberTests {
    @Test func wholeNumbersAsStrtodReadsThem() {
        for (text, value) in [("1", 1.0), ("-2.5", -2.5), ("1e3", 1000), ("0x10", 16), (".5", 0.5), ("+3", 3), ("INF", .infinity)] {
            #expect(PICTNumber.parse(text) == value, "\(text)")
        }
        #expect(PICTNumber.parse("nan")?.isNaN == true)
        for text in ["", "10GB", "1e", " 1", "1_0", "0x", "abc"] {
            #expect(PICTNumber.parse(text) == nil, "\(text)")
        }
    }

    @Test func theLongestNumberAtTheStartOfConstraintText() {
        func prefix(_ text: String) -> (Double, String)? {
            let scalars = Array(text.unicodeScalars)
            return PICTNumber.prefix(of: scalars, from: 0).map { ($0.value, String(String.UnicodeScalarView(scalars[$0.end...]))) }
        }
        #expect(prefix("1THEN")! == (1, "THEN"))
        #expect(prefix("1ELSE")! == (1, "ELSE"), "an E not followed by digits is not an exponent")
        #expect(prefix("2e3;")! == (2000, ";"))
        #expect(prefix("-0x1p4}")! == (-16, "}"))
        #expect(prefix("0x1F,")! == (31, ","))
        #expect(prefix("inf)")!.0 == .infinity)
        #expect(prefix("x") == nil)
        #expect(prefix(".") == nil)
    }
}
