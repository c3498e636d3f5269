import Testing
import TestTraits

/// Row counts against PICT over many models, and the larger classic sizes: seconds of work.
/// `swift test --skip Slow/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.slow), .blocking) enum Slow {}
