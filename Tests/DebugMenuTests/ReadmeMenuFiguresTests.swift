import DebugMenu
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers

/// The figures `docs/MENU.md` gives of the Firefox for iOS example's menu (the status line's
/// position and row counts, the collapsed section's size) are read from the menu itself, so
/// they follow the example as it grows.
@Suite struct ReadmeMenuFiguresTests {
    let folder = TemporaryDirectory()

    /// The page that gives the figures.
    static let page = "docs/MENU.md"
    static var text: String { MarkdownBlock.text(of: page) ?? "" }

    @Test func theStatusLineFiguresAreTheMenus() throws {
        let environment = try FlagsEnvironment.open(FlagsOptions(
            configPath: FirefoxExample.registryPath, storePath: folder.file("prefs.sqlite"),
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
        let controller = FeatureFlagsDebugViewController(environment: environment)
        _ = controller.frame(size: Terminal.Size(rows: 30, columns: 100))
        var steps = 0
        while controller.screen.selectedRow?.id != MenuRowID.featureFlag("tabTrayUIExperiments").rawValue, steps < 500 {
            controller.handle(.down)
            steps += 1
        }
        let selection = try #require(controller.screen.selection)
        let position = "id tabTrayUIExperiments \u{B7} \(selection + 1)/\(controller.screen.visibleRowCount)"
        #expect(Self.text.contains("(`\(position)`)"), "\(Self.page) should show `\(position)`")
        let rows = "0 of \(controller.screen.rows.count) rows"
        #expect(Self.text.contains(rows), "\(Self.page) should show `\(rows)`")
        let collapsed = "+ Build only status (\(environment.registry.flags.count)) collapsed"
        #expect(Self.text.contains(collapsed), "\(Self.page) should show `\(collapsed)`")
    }
}
