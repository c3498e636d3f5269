import Testing
import TestTraits

/// Races of many writers, kills mid-write and a thousand fuzzed inputs: seconds of work each.
/// `swift test --skip Slow/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.slow), .blocking) enum Slow {}
