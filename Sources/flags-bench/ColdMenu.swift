#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The cold menu of one generated app in a private tmux pane: each launch with no snapshot is
/// timed until its whole first frame is on screen, as the warm menu figures are, and then ended,
/// so that no menu holds memory while the floor and the list take their turns.
final class ColdMenu {
    private let app: GeneratedApp
    private let flags: String
    private let environment: [String: String]
    private let driver: TmuxDriver
    /// The peak memory (VmHWM) of the last launch, read before it was ended.
    private(set) var peakMemoryMiB = 0.0

    init(app: GeneratedApp, flags: String, environment: [String: String]) throws {
        self.app = app
        self.flags = flags
        self.environment = environment
        driver = try TmuxDriver(columns: MenuBenchmarks.columns, rows: MenuBenchmarks.rows)
    }

    /// Launches the menu once and returns how long its first full frame took to show.
    func firstFrameMilliseconds() throws -> Double {
        try MenuBenchmarks.blank(driver)
        let start = try driver.launch("exec '\(flags)' menu --config '\(app.registryPath)'", environment: environment)
        let end = try driver.waitFor("the cold menu's first frame (\(app.flagCount) flags)", timeout: 120, MenuBenchmarks.showsWholeMenu)
        peakMemoryMiB = try TmuxDriver.peakMemoryMiB(pid: try driver.panePID())
        try MenuBenchmarks.blank(driver)
        return Double(end - start) / 1e6
    }

    func end() { driver.kill() }
}
#endif
