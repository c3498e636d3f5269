import Testing
import TestTraits

/// `flags` against a real Kinto server on loopback: team presets, preview recipes, fetched records.
/// `swift test --skip Kinto/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.kinto), .blocking) enum Kinto {}
