import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// What a matrix with failures reports beyond its table: the interactions that explain the
/// failures and the `flags bisect` line that confirms one.
@Suite(.blocking) struct MatrixReportsTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

    private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    static let failsWithReviewsAndTipJar = ["sh", "-c", "case \"$FLAGS_COMBINATION\" in *reviews=on*tipJar=on*) exit 1;; esac"]

    @Test func theInteractionIsNamedAndItsBisectLineConfirmsIt() throws {
        let result = try flags(["matrix", "--exhaustive", "delivery", "promoBanner", "reviews", "tipJar", "--"] + Self.failsWithReviewsAndTipJar)
        #expect(result.status == 1)
        #expect(result.output.contains("Every failing combination, and no passing one, has:\n  1. reviews=on and tipJar=on"), "\(result.output)")
        let line = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("To confirm the first: flags bisect ") })
        #expect(line.contains("--good delivery=off,promoBanner=off,reviews=off,tipJar=off --bad delivery=off,promoBanner=off,reviews=on,tipJar=on"), "\(line)")
        // The line as printed, run through a shell, confirms it; the bisection sees FLAGS_BISECT_STATE, not
        // FLAGS_COMBINATION, so it is given a command that reads the store.
        let confirm = String(line.dropFirst("To confirm the first: flags ".count)).components(separatedBy: " -- ")[0]
        let reads = "\(BuiltProgram.flags) get reviews | grep -q \"^reviews: on\" && \(BuiltProgram.flags) get tipJar | grep -q \"^tipJar: on\" && exit 1; exit 0"
        let bisect = try BuiltProgram.run("/bin/sh", ["-c", "\"\(BuiltProgram.flags)\" \(confirm) -- sh -c '\(reads)'"], environment: environment, in: folder.path)
        #expect(bisect.status == 0, "\(bisect.errors)")
        #expect(bisect.output.contains("fails when reviews=on and tipJar=on together; each alone passes"), "\(bisect.output)")
    }

    @Test func failuresWithTwoCausesAreSaidToHaveNoCommonInteraction() throws {
        let result = try flags(["matrix", "--exhaustive", "reviews", "tipJar", "--", "sh", "-c",
                                "case \"$FLAGS_COMBINATION\" in *reviews=on,tipJar=off*|*reviews=off,tipJar=on*) exit 1;; esac"])
        #expect(result.status == 1)
        #expect(result.output.contains("No setting, pair or triple is in every failing combination"), "\(result.output)")
    }
}
