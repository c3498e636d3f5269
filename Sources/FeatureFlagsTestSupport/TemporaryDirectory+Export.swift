import TestFolders

/// `TemporaryDirectory` under the test-support module apps import: a fresh folder for one test,
/// removed when released. It lives in `TestFolders` so that tests of the store, which need
/// nothing above `Prefs`, can have it without the library.
public typealias TemporaryDirectory = TestFolders.TemporaryDirectory
