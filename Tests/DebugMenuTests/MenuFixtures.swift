import DebugMenu

/// Rows and headers shared by the DebugMenu tests.
enum MenuFixtures {
    static func toggle(_ id: String, _ title: String, on: Bool = false, overridden: Bool = false,
                       status: String = "", section: MenuSection = .featureFlags) -> MenuRow {
        MenuRow(id: id, section: section,
                kind: .toggle(isOn: on, isOverridden: overridden,
                              sourceText: overridden ? "override" : "default",
                              hiddenValueText: overridden ? "default: \(on ? "off" : "on")" : nil),
                title: title, statusText: status)
    }

    /// Three feature flags (one overridden), one preference, two build-only rows, one build flag.
    static let small: [MenuRow] = [
        toggle("bookmarks", "Bookmarks refactor", status: "New bookmarks panel"),
        toggle("translation", "Translation", on: true, overridden: true, status: "Translate pages"),
        toggle("zeta", "Zeta tabs", status: "Experimental tab tray"),
        MenuRow(id: "searchBarPosition", section: .userPreferences,
                kind: .choice(value: "top", variants: ["top", "bottom"]), title: "Search bar position"),
        MenuRow(id: "status.bookmarks", section: .buildOnlyStatus, kind: .readOnly(valueText: "off"),
                title: "Bookmarks refactor"),
        MenuRow(id: "status.translation", section: .buildOnlyStatus, kind: .readOnly(valueText: "on"),
                title: "Translation"),
        MenuRow(id: "isDebug", section: .buildFlags, kind: .readOnly(valueText: "true"), title: "isDebug"),
    ]

    /// `count` feature-flag toggles named flag0000, flag0001, ...
    static func many(_ count: Int) -> [MenuRow] {
        (0 ..< count).map { index in
            let id = "flag" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index)
            return toggle(id, "Flag \(index)", overridden: index % 7 == 0)
        }
    }

    static let header = MenuHeader(appName: "bibimbap", buildChannel: "developer", previewChannel: "beta",
                                   storePath: "/tmp/state/feature-flags/bibimbap/prefs.sqlite",
                                   flagCount: 3, overrideCount: 1, statusNote: nil)

    static func model(_ rows: [MenuRow] = small, height: Int = 20) -> ScreenModel {
        var model = ScreenModel(rows: rows)
        model.setViewport(top: ScreenLayout.headerHeight, height: height)
        return model
    }

    /// A detail pane of `lines` lines for the flag `translation`: text, with a variable line
    /// every tenth line (a Boolean, an enum, an Int, JSON, in turn; the JSON one overridden).
    static func detailPane(lines count: Int) -> DetailPane {
        let editors: [DetailPane.Variable.Editor] = [.toggle(true), .variants(["top", "bottom"], current: "top"), .text("3"), .json("[]")]
        let types = ["Boolean", "SearchBarPosition", "Int", "List<String>"]
        let lines = (0 ..< count).map { index -> DetailPane.Line in
            guard index % 10 == 5 else { return DetailPane.Line([("text \(index)", .normal)]) }
            let kind = (index / 10) % 4
            return DetailPane.Line([("  \"v\(index)\": ...", .normal)],
                                   variable: .init(feature: "translations-feature", name: "v\(index)", typeName: types[kind],
                                                   editor: editors[kind], isOverridden: kind == 3))
        }
        return DetailPane(rowID: "flag:translation", title: "Translation", copyText: "translation", lines: lines)
    }
}
