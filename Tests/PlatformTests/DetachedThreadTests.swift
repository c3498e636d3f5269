import Foundation
import Testing
import Platform
import TestTraits

@Suite(.blocking) struct DetachedThreadTests {
    @Test func runsTheBodyOnAnotherThreadWithItsName() {
        let done = DispatchSemaphore(value: 0)
        let seen = Seen()
        let caller = pthread_self()
        let started = DetachedThread.start(name: "prefs-store-monitor") {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            seen.set(name: name.trimmingCharacters(in: .newlines), sameThread: pthread_equal(pthread_self(), caller) != 0)
            done.signal()
        }
        #expect(started)
        #expect(done.wait(timeout: .now() + 5) == .success)
        // Linux keeps 15 bytes of a thread's name.
        #expect(seen.value == ("prefs-store-mon", false))
    }

    /// Linux keeps 15 bytes of a name: a character that does not fit whole ends it, even when a
    /// shorter one after it would fit.
    @Test func aLongNameIsCutAtAWholeCharacter() {
        let done = DispatchSemaphore(value: 0)
        let seen = Seen()
        DetachedThread.start(name: "abcdefghijklmné-z") {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            seen.set(name: name.trimmingCharacters(in: .newlines), sameThread: false)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(seen.value.0 == "abcdefghijklmn")
    }

    private final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (String, Bool) = ("", true)
        func set(name: String, sameThread: Bool) { lock.withLock { stored = (name, sameThread) } }
        var value: (String, Bool) { lock.withLock { stored } }
    }
}
