import Foundation
import Platform
import TestFolders
import Testing

/// The search the tool and the demo app make for a registry: the folder itself first, then each
/// parent, and nothing when none has the file.
@Suite struct UpwardFileSearchTests {
    let folder = TemporaryDirectory()

    @Test func theNearestParentHoldingTheFileWins() throws {
        try FileManager.default.createDirectory(atPath: folder.file("app/Sources/deep"), withIntermediateDirectories: true)
        let outer = folder.write("outer\n", to: "feature-flags.yaml")
        let inner = folder.write("inner\n", to: "app/feature-flags.yaml")
        #expect(UpwardFileSearch.nearest(named: "feature-flags.yaml", from: folder.file("app/Sources/deep")) == inner)
        #expect(UpwardFileSearch.nearest(named: "feature-flags.yaml", from: folder.file("app")) == inner)
        #expect(UpwardFileSearch.nearest(named: "feature-flags.yaml", from: folder.path) == outer)
        // `..` is resolved before the search, so the folder named is the one searched first.
        #expect(UpwardFileSearch.nearest(named: "feature-flags.yaml", from: folder.file("app/Sources/..")) == inner)
    }

    @Test func noFileUpToTheRootIsNil() {
        #expect(UpwardFileSearch.nearest(named: "no-such-file-\(UUID().uuidString).yaml", from: folder.path) == nil)
    }
}
