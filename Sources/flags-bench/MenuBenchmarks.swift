#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation

/// The debug menu's figures, measured end to end in a real terminal (tmux, 120x40): start to
/// first full frame beside Debian's `dialog --checklist` with the same items, a key press to the
/// next frame at 10,000 flags beside 100, peak memory, and how each grows with the flag count.
///
/// Both programs are measured the same way: launched in the pane of a private tmux server
/// (`TmuxDriver`), which is polled with `capture-pane` back to back until the whole expected
/// frame is on screen. A poll costs about a millisecond; that resolution is measured and printed.
enum MenuBenchmarks {
    /// What one menu size cost.
    struct Measurement {
        var flags: Int
        var startupMilliseconds: Double
        var moveMilliseconds: Double
        var toggleMilliseconds: Double
        var filterMilliseconds: Double
        var peakMemoryMiB: Double
    }

    static let columns = 120, rows = 40
    static let sizes = [100, 1_000, 10_000]
    /// The last row of the first frame: content lines minus the section title (header 3 lines,
    /// status and footer 2). `GeneratedApp` titles sort in index order, so row i is flag i.
    static let lastVisibleRow = rows - 3 - 2 - 2
    /// Typed, then erased, one key at a time; every prefix narrows the list the same way at every size.
    static let filterText = "tips"

    static func run(root: String, quick: Bool) throws -> (figures: [BenchmarkFigure], growth: [BenchmarkReport.Growth], notes: [String]) {
        guard let flags = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("flags").path,
              FileManager.default.isExecutableFile(atPath: flags) else {
            throw BenchmarkError("the flags binary is not next to flags-bench; build it: swift build -c release -Xswiftc -DMOZ_CHANNEL_beta --product flags")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dialog") else {
            throw BenchmarkError("Debian dialog is not installed (apt-get install dialog): it is the start-up baseline")
        }
        let rounds = quick ? 2 : 5
        let keys = quick ? 4 : 10
        let filterRounds = quick ? 1 : 3

        // One tmux server per size, all kept open: start-up is measured size after size, then the
        // keys go to the three menus in turn (a key on 100, on 1,000, on 10,000, the next key...),
        // so a busy moment of the machine falls on every size alike, not on one.
        var drivers: [TmuxDriver] = []
        defer { drivers.forEach { $0.kill() } }
        var menus: [OpenMenu] = []
        for size in sizes {
            FileHandle.standardError.write(Data("flags-bench:   start-up with \(size) flags\n".utf8))
            let app = try GeneratedApp.make(flagCount: size, experimentCount: size / 10, in: root + "/menu")
            let driver = try TmuxDriver(columns: columns, rows: rows)
            drivers.append(driver)
            menus.append(try startMenu(app: app, flags: flags, store: root + "/menu/store-\(size).sqlite", root: root,
                                       driver: driver, rounds: rounds))
        }
        let poll = try drivers[0].pollCost()
        FileHandle.standardError.write(Data("flags-bench:   dialog --checklist with \(sizes.last!) items\n".utf8))
        let dialogDriver = try TmuxDriver(columns: columns, rows: rows)
        drivers.append(dialogDriver)
        let dialogMilliseconds = try measureDialog(app: menus.last!.app, driver: dialogDriver, rounds: rounds)
        FileHandle.standardError.write(Data("flags-bench:   keys, in turn on every menu\n".utf8))
        try measureKeys(&menus, keys: keys, filterRounds: filterRounds)

        let measurements = try menus.map { menu in
            Measurement(flags: menu.app.flagCount, startupMilliseconds: menu.startupMilliseconds,
                        moveMilliseconds: median(menu.moves), toggleMilliseconds: median(menu.toggles),
                        filterMilliseconds: median(menu.filtering), peakMemoryMiB: try TmuxDriver.peakMemoryMiB(pid: menu.pid))
        }
        let small = measurements.first!, large = measurements.last!
        let largeName = "\(Format.number(Double(large.flags))) flags", smallName = "\(small.flags) flags"
        let figures = [
            BenchmarkFigure(name: "menu start to first full frame, \(large.flags) flags", unit: "ms", ours: large.startupMilliseconds,
                            baselineName: "dialog --checklist, same items", baseline: dialogMilliseconds, target: .atMost(0.5)),
            BenchmarkFigure(name: "menu key to next frame: move, \(largeName)", unit: "ms", ours: large.moveMilliseconds,
                            baselineName: smallName, baseline: small.moveMilliseconds, target: .atMost(1.5)),
            BenchmarkFigure(name: "menu key to next frame: toggle, \(largeName)", unit: "ms", ours: large.toggleMilliseconds,
                            baselineName: smallName, baseline: small.toggleMilliseconds, target: .atMost(1.5)),
            BenchmarkFigure(name: "menu key to next frame: filter typing, \(largeName)", unit: "ms", ours: large.filterMilliseconds,
                            baselineName: smallName, baseline: small.filterMilliseconds, target: .atMost(1.5)),
            BenchmarkFigure(name: "menu peak memory (VmHWM), \(largeName)", unit: "MiB", ours: large.peakMemoryMiB,
                            baselineName: smallName, baseline: small.peakMemoryMiB, target: .absoluteAtMost(64, unit: "MiB")),
        ]
        let growth = measurements.map {
            BenchmarkReport.Growth(flags: $0.flags, startupMilliseconds: $0.startupMilliseconds, moveMilliseconds: $0.moveMilliseconds,
                                   toggleMilliseconds: $0.toggleMilliseconds, filterMilliseconds: $0.filterMilliseconds,
                                   peakMemoryMiB: $0.peakMemoryMiB)
        }
        let notes = [
            "Menu figures: tmux \(columns)x\(rows), LANG=C.UTF-8; each app has flags/10 experiment records. Start-up is the best of \(rounds) launches"
                + " (launch = tmux respawn-pane, frame = header, row \(lastVisibleRow) and footer all on screen);",
            "a key figure is the median of \(keys) moves (j), \(keys) toggles (space) or \(filterRounds * 2 * filterText.count) filter keys"
                + " (typing \"\(filterText)\" then backspacing), from send-keys until the changed frame is seen; each key goes to the",
            "100-, 1,000- and 10,000-flag menus in turn, so noise falls on all sizes alike. Peak memory: VmHWM of the menu process after all keys.",
            "Polling: one poll is one `tmux capture-pane -p` client, \(Format.number(poll.best)) ms best / \(Format.number(poll.median)) ms median;"
                + " polls run back to back (no sleep), so every time includes up to one poll of detection delay and the tmux round trips.",
            "That overhead is the same for dialog and for every menu size, so it is not subtracted: it flatters no ratio but the per-key one,"
                + " whose 100-flag baseline is mostly that overhead.",
        ]
        return (figures, growth, notes)
    }

    // MARK: - The menu

    /// A menu left open after its start-up rounds, and the key times measured on it.
    struct OpenMenu {
        var app: GeneratedApp
        var driver: TmuxDriver
        var pid: Int32
        var startupMilliseconds: Double
        var moves: [Double] = []
        var toggles: [Double] = []
        var filtering: [Double] = []
    }

    /// Launches the menu `rounds` times (after one untimed launch, which creates the store and
    /// warms the file cache, as for dialog); the last one stays open for the keys.
    static func startMenu(app: GeneratedApp, flags: String, store: String, root: String, driver: TmuxDriver,
                          rounds: Int) throws -> OpenMenu {
        let environment = ["FLAGS_STORE": store, "XDG_STATE_HOME": root + "/state", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        let command = "exec '\(flags)' menu --config '\(app.registryPath)'"
        var startup = Double.infinity
        for round in -1..<rounds {
            try blank(driver)
            let start = try driver.launch(command, environment: environment)
            let end = try driver.waitFor("the menu's first frame (\(app.flagCount) flags)", showsWholeMenu)
            if round >= 0 { startup = min(startup, Double(end - start) / 1e6) }
        }
        return OpenMenu(app: app, driver: driver, pid: try driver.panePID(), startupMilliseconds: startup)
    }

    /// Times `key` on `driver`: from just before send-keys until a poll sees `condition`.
    static func timeKey(_ driver: TmuxDriver, _ key: String, _ what: String, _ condition: ([Substring]) -> Bool) throws -> Double {
        let start = Stopwatch.now()
        try driver.send(key)
        return Double(try driver.waitFor(what, timeout: 10, condition) - start) / 1e6
    }

    static func selectedLine(_ screen: [Substring]) -> Substring? { screen.first { $0.contains("▸") } }

    /// Moves, toggles and filter keys, each key sent to every menu in turn.
    static func measureKeys(_ menus: inout [OpenMenu], keys: Int, filterRounds: Int) throws {
        // Move: the pointer goes one row down each time (no scrolling: keys < visible rows).
        for row in 1...keys {
            let title = GeneratedApp.title(row)
            for index in menus.indices {
                menus[index].moves.append(try timeKey(menus[index].driver, "j", "the selection on row \(row)") {
                    selectedLine($0)?.contains(title) ?? false
                })
            }
        }
        // Toggle: the selected row's switch flips each time (the first press stores an override).
        for _ in 0..<keys {
            for index in menus.indices {
                let driver = menus[index].driver
                let wasOn = selectedLine(try driver.screen())?.contains("[✓]") ?? false
                let expected = wasOn ? "[ ]" : "[✓]"
                menus[index].toggles.append(try timeKey(driver, "Space", "the switch to flip") {
                    selectedLine($0)?.contains(expected) ?? false
                })
            }
        }
        // Filter typing: every typed or erased character shows in the status line, and the list
        // (its first row) matches the new filter, in the same frame.
        for menu in menus {
            try menu.driver.send("/")
            try menu.driver.waitFor("the filter prompt") { $0[rows - 2].contains("/▏") }
        }
        let characters = filterText.map(String.init)
        var steps: [(key: String, prefix: String)] = []
        for count in 1...characters.count { steps.append((characters[count - 1], characters.prefix(count).joined())) }
        for count in (0..<characters.count).reversed() { steps.append(("BSpace", characters.prefix(count).joined())) }
        for _ in 0..<filterRounds {
            for (key, prefix) in steps {
                for index in menus.indices {
                    menus[index].filtering.append(try timeKey(menus[index].driver, key, "the filter \"\(prefix)\"") { screen in
                        // (Foundation's contains is false for an empty string, hence the isEmpty.)
                        screen[rows - 2].contains("/\(prefix)▏") && (prefix.isEmpty || screen[4].lowercased().contains(prefix))
                    })
                }
            }
        }
    }

    // MARK: - The baseline

    /// `dialog --checklist` with one item per flag (tag = flag id, item = debug title, status =
    /// the flag's default), its arguments read from a file with `--file` (a command line of
    /// 30,000 arguments would not fit through tmux); best of `rounds` launches to the first frame
    /// with its items, scroll marker and buttons.
    static func measureDialog(app: GeneratedApp, driver: TmuxDriver, rounds: Int) throws -> Double {
        let argumentsPath = app.folder + "/dialog-arguments"
        var text = "--checklist \"Feature flags\" 0 0 0"
        for index in 0..<app.flagCount {
            text += " \(GeneratedApp.id(index)) \"\(GeneratedApp.title(index))\" \(index % 2 == 0 ? "on" : "off")"
        }
        try text.write(toFile: argumentsPath, atomically: true, encoding: .utf8)
        // dialog sizes the box itself ("0 0 0"): on 40 lines it shows 32 items, flag00000 to flag00031.
        let lastItem = GeneratedApp.id(31)
        func isFullFrame(_ screen: [Substring]) -> Bool {
            let text = screen.joined(separator: "\n")
            return text.contains(lastItem) && text.contains("(+)") && text.contains("<Cancel>")
        }
        var best = Double.infinity
        for round in -1..<rounds {
            try blank(driver)
            let start = try driver.launch("exec dialog --file '\(argumentsPath)'", environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
            let end = try driver.waitFor("dialog's first frame", isFullFrame)
            if round >= 0 { best = min(best, Double(end - start) / 1e6) }
        }
        return best
    }

    // MARK: - Helpers

    /// Whether `screen` shows a generated app's whole first frame: the header, the last row
    /// that fits and the footer, so a frame still being drawn is not taken for it.
    static func showsWholeMenu(_ screen: [Substring]) -> Bool {
        screen.count >= rows && screen[rows - 1].contains("q quit") && screen[rows - 2].contains("1/")
            && screen[rows - 3].contains(GeneratedApp.title(lastVisibleRow)) && screen[0].contains("Feature Flags")
    }

    /// Replaces the pane's program with one that clears the screen and waits, so no frame of
    /// the previous launch can be mistaken for the next one's.
    static func blank(_ driver: TmuxDriver) throws {
        _ = try driver.launch("printf '\\033[H\\033[2J'; exec cat", environment: [:])
        try driver.waitFor("a blank pane", timeout: 10) { $0.allSatisfy { $0.allSatisfy { $0 == " " } } }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
#endif
