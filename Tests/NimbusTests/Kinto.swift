import Testing
import TestTraits

/// Experiments fetched from a real Kinto server on loopback: collections, their changes, the offline cache.
/// `swift test --skip Kinto/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.kinto), .blocking) enum Kinto {}
