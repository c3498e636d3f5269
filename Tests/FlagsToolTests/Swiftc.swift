import Testing
import TestTraits

/// Generated Swift compiled with `swiftc` against this build, as an app would compile it.
/// `swift test --skip Swiftc/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.swiftc), .blocking) enum Swiftc {}
