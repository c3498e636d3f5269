import Foundation
import Platform
import Testing

/// `StopSignal` takes the stop signals from their default action while it listens, and gives
/// it back when stopped. Delivery itself is tested end to end, where a signal cannot reach other
/// tests of this process: `flags matrix` interrupted half-way (`MatrixCommandTests`).
@Suite struct StopSignalTests {
    /// Whether `number`'s action is the default one (ending the process), read without changing it.
    private func hasDefaultAction(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        return current.__sigaction_handler.sa_handler == nil
    }

    @Test func theSignalsLeaveTheirDefaultActionUntilStopped() {
        let signal = StopSignal()
        #expect(signal.caught == nil && !signal.isRequested)
        for number in StopSignal.signals { #expect(!hasDefaultAction(number), "signal \(number) would end the process") }
        signal.stop()
        for number in StopSignal.signals { #expect(hasDefaultAction(number), "signal \(number) keeps a handler after stop()") }
        #expect(StopSignal.signals == [SIGINT, SIGTERM, SIGHUP])
    }
}
