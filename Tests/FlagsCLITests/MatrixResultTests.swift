import Testing
@testable import FlagsCLI

@Suite struct MatrixResultTests {
    @Test(arguments: [(0.0, "0.00"), (0.004, "0.00"), (0.005, "0.01"), (0.25, "0.25"), (1.999, "2.00"), (12.3456, "12.35"), (-1.0, "0.00")])
    func secondsAreShownToTheHundredth(_ seconds: Double, _ text: String) {
        #expect(MatrixResult(values: [], outcome: .passed, seconds: seconds).secondsText == text)
    }
}
