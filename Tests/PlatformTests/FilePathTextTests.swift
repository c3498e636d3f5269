import Testing
import Platform

/// `FilePathText` replaced `NSString`'s path methods, so it keeps their documented rules: trailing
/// slashes do not count, a bare name's folder is "", and "/" is its own folder and name. (The
/// expectations are written out: Linux's `NSString` traps on some of these inputs when called
/// from several threads at once, so it cannot serve as the oracle.)
@Suite struct FilePathTextTests {
    @Test(arguments: [
        ("", ""), ("/", "/"), ("//", "/"), ("a", ""), ("a/", ""), ("a//", ""), ("/a", "/"), ("/a/", "/"),
        ("a/b", "a"), ("a/b/", "a"), ("/a/b/c.sqlite", "/a/b"), ("/a//b", "/a"), ("./prefs.sqlite", "."),
        ("../x/y", "../x"), ("~/flags.yaml", "~"), ("/tmp/flags é/prefs.sqlite", "/tmp/flags é"),
    ])
    func folder(_ path: String, _ expected: String) {
        #expect(FilePathText.folder(of: path) == expected)
    }

    @Test(arguments: [
        ("", ""), ("/", "/"), ("//", "/"), ("a", "a"), ("a/", "a"), ("/a", "a"), ("/a/b/", "b"),
        ("/a/b/c.sqlite", "c.sqlite"), ("./prefs.sqlite", "prefs.sqlite"), ("/tmp/flags é", "flags é"),
    ])
    func lastComponent(_ path: String, _ expected: String) {
        #expect(FilePathText.lastComponent(of: path) == expected)
    }

    @Test(arguments: [
        ("", "b", "b"), ("a", "", "a"), ("/", "b", "/b"), ("/a", "b.yaml", "/a/b.yaml"), ("/a/", "b", "/a/b"),
        ("a", "b/c", "a/b/c"), (".", "flags.yaml", "./flags.yaml"),
        // One slash between, however many either side brings.
        ("a/", "/b", "a/b"), ("/", "/b", "/b"), ("/tmp//", "cache", "/tmp/cache"),
    ])
    func joined(_ folder: String, _ name: String, _ expected: String) {
        #expect(FilePathText.joined(folder, name) == expected)
    }
}
