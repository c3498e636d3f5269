import Testing
import Platform

@Suite struct DurationSecondsTests {
    @Test func secondsAndFractionsBecomeOneNumber() {
        #expect(Duration.milliseconds(250).inSeconds == 0.25)
        #expect(Duration.seconds(5).inSeconds == 5)
        #expect(Duration.nanoseconds(1).inSeconds == 1e-9)
        #expect(Duration.zero.inSeconds == 0)
    }
}
