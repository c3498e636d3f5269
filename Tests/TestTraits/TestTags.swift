import Testing

/// What a test needs beyond the package itself: a terminal driven through tmux, a real Kinto
/// server, a PostgreSQL cluster, the Swift compiler, or seconds of work of its own.
///
/// Each test module that has such tests declares a suite named after the tag, which carries it
/// (`@Suite(.tags(.tmux), .blocking) enum Tmux {}`), and nests those tests in it
/// (`extension Tmux { @Suite struct MenuEndToEndTests … }`). Their ids then start with the
/// namespace (`DebugMenuTests.Tmux/MenuEndToEndTests/…`), so the toolchain's `swift test`, which
/// filters by id but not yet by tag, can leave them out while you work:
///
/// ```sh
/// swift test --skip 'Tmux/|Kinto/|Swiftc/|Slow/'    # a quick run of everything else
/// swift test --filter Kinto/                        # only what starts a Kinto server
/// ```
///
/// The whole suite (`swift test`) is still what a change must pass.
extension Tag {
    /// Drives the menu or the demo app in a real terminal through tmux.
    @Tag public static var tmux: Self
    /// Talks to a real Kinto (Remote Settings) server started on loopback.
    @Tag public static var kinto: Self
    /// Starts a throwaway PostgreSQL cluster (nested in `Kinto`: Kinto stores its data there).
    @Tag public static var postgres: Self
    /// Compiles generated Swift with `swiftc` against this build.
    @Tag public static var swiftc: Self
    /// Seconds of work on its own: races of many writers, kills, a thousand fuzzed inputs.
    @Tag public static var slow: Self
}
