import Testing
@testable import FML

/// How an include's path is worked out and shown: the path the kernel would open, spelled
/// without `.` and `..` steps.
@Suite struct ManifestIncludePathTests {
    @Test(arguments: [
        ("/app/m/../../../etc/hostname", "/etc/hostname"),
        ("/../../x.yaml", "/x.yaml"),
        ("/app/./a/../b.yaml", "/app/b.yaml"),
        ("../a/../../b.yaml", "../../b.yaml"),
        ("a/../../b.yaml", "../b.yaml"),
        ("/", "/"),
    ])
    func dotDotAtTheRootStaysAtTheRoot(path: String, expected: String) {
        #expect(ManifestLoader.lexicallyNormalized(path) == expected)
    }
}
