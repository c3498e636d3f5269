import Testing
import TestTraits

/// The menu and the demo app driven in a real terminal through tmux.
/// `swift test --skip Tmux/` leaves them out while you work (see `TestTags`).
@Suite(.tags(.tmux), .blocking) enum Tmux {}
