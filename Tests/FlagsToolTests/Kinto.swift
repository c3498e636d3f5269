import Testing
import TestTraits

/// Presets and recipes written with credentials to a real Kinto server on loopback.
/// `swift test --skip Kinto/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.kinto), .blocking) enum Kinto {}
