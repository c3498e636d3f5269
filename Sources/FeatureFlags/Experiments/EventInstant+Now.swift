import Platform
import Nimbus

extension EventInstant {
    /// The current time.
    public static var now: EventInstant { EventInstant(secondsSinceEpoch: Date().timeIntervalSince1970) }
}
