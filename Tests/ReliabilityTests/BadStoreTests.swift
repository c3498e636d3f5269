import FeatureFlagsTestSupport
import Foundation
import ParserFuzzing
import Testing
@testable import Prefs
import TestHelpers
import TestTraits

/// Stores that cannot be used, met by the real `flags` binary: every command that needs the store
/// fails with exit 1 and an error naming the file and what to do, never crashes, and leaves the
/// file byte-for-byte as it was (never a silent reset).
@Suite(.blocking) struct BadStoreTests {
    let folder = TemporaryDirectory()
    var store: String { folder.file("store/prefs.sqlite") }
    var environment: [String: String] { ["FLAGS_STORE": store, "XDG_STATE_HOME": folder.file("state")] }
    static let commands = [["set", "promoBanner", "on"], ["get", "promoBanner", "--json"], ["list", "--json"], ["reset", "--all"]]

    init() throws {
        try FileManager.default.createDirectory(atPath: folder.file("store"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Runs `commands` against the store and checks each is refused as described above.
    private func expectRefused(_ words: String, commands: [[String]] = Self.commands, asUser: UInt32? = nil,
                               environment extra: [String: String] = [:]) throws {
        let before = snapshot()
        for arguments in commands {
            let result = try BuiltProgram.run(BuiltProgram.path(of: "flags"), arguments, environment: environment.merging(extra) { $1 }, asUser: asUser)
            #expect(result.status == 1, "flags \(arguments.joined(separator: " ")) exited \(result.status): \(result.errors)")
            #expect(result.errors.contains(store), "the error must name the store: \(result.errors)")
            #expect(result.errors.contains(words), "expected “\(words)” in: \(result.errors)")
            #expect(result.errors.contains("hint:"), "the error must say what to do: \(result.errors)")
            #expect(snapshot() == before, "flags \(arguments.joined(separator: " ")) changed the store")
        }
    }

    /// The store's bytes, or a marker for a folder and its entries.
    private func snapshot() -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: store, isDirectory: &isFolder) else { return "missing" }
        if isFolder.boolValue { return "folder: \((try? FileManager.default.contentsOfDirectory(atPath: store)) ?? [])" }
        return (FileManager.default.contents(atPath: store) ?? Data()).base64EncodedString()
    }

    /// A real store with some overrides and the client's Nimbus id, written by `flags` itself.
    private func makeStore() throws {
        for flag in ["promoBanner", "darkKitchen", "allergenInfo"] {
            #expect(try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["set", flag, "on"], environment: environment).status == 0)
        }
    }

    @Test func emptyFile() throws {
        folder.write(Data(), to: store)
        try expectRefused("empty file")
    }

    @Test func truncatedFile() throws {
        do {
            let prefs = try SQLitePrefs(path: store)
            try prefs.apply((0..<300).map { .set("key\($0)", .string(String(repeating: "v", count: 100))) })
        }
        let whole = try #require(FileManager.default.contents(atPath: store))
        folder.write(whole.prefix(whole.count / 2), to: store)
        try expectRefused("damaged or truncated")
    }

    @Test func randomBytes() throws {
        var random = SeededRandom(seed: 3)
        folder.write(Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }), to: store)
        try expectRefused("not an SQLite database")
    }

    @Test func randomBytesAfterAValidHeader() throws {
        var random = SeededRandom(seed: 4)
        folder.write(Data(Array("SQLite format 3\0".utf8) + (0..<8176).map { _ in UInt8.random(in: 0...255, using: &random) }), to: store)
        try expectRefused(store)
    }

    @Test func folderInItsPlace() throws {
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
        try expectRefused("not a regular file")
    }

    @Test func anotherAppsDatabase() throws {
        do {
            let other = try SQLiteConnection(path: store, create: true)
            try other.execute("CREATE TABLE moz_places (url TEXT); INSERT INTO moz_places VALUES ('https://example.org');")
        }
        chmod(store, 0o600)
        try expectRefused("another program's SQLite database")
    }

    @Test func futureSchemaVersion() throws {
        try makeStore()
        do { try SQLiteConnection(path: store, create: false).execute("PRAGMA user_version = 7") }
        try expectRefused("newer version of this tool")
    }

    /// As root, chmod does not stop writes; an immutable file (`chattr +i`) does.
    @Test(.enabled(if: BadStoreTests.canMakeImmutable,
                   "chattr +i failed on a probe file in the temporary folder: it needs root, CAP_LINUX_IMMUTABLE and a filesystem that supports it"))
    func readOnlyFile() throws {
        try makeStore()
        try #require(BuiltProgram.system("/usr/bin/chattr", ["+i", store]) == 0, "chattr +i worked on the probe but not on the store")
        defer { BuiltProgram.system("/usr/bin/chattr", ["-i", store]) }
        try expectRefused("read-only", commands: [["set", "promoBanner", "off"], ["reset", "--all"]])
        // Reading a read-only store is fine, and changes nothing either.
        let before = snapshot()
        let get = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["get", "promoBanner", "--json"], environment: environment)
        #expect(get.status == 0 && get.output.contains("\"override\": true"), "\(get.output) \(get.errors)")
        #expect(snapshot() == before)
    }

    /// A folder the user cannot write: run `flags` as `nobody` on a store and folder it owns.
    @Test(.enabled(if: BuiltProgram.isRoot, "running as another user needs root"))
    func readOnlyFolder() throws {
        try makeStore()
        let state = folder.file("state")
        for path in [folder.path, folder.file("store"), store, state] + ((FileManager.default.subpaths(atPath: state) ?? []).map { state + "/" + $0 }) {
            chown(path, 65534, 65534)
        }
        chmod(folder.path, 0o755)
        chmod(folder.file("store"), 0o500)
        defer { chmod(folder.file("store"), 0o700) }
        try expectRefused("read-only", commands: [["set", "promoBanner", "off"], ["reset", "--all"]], asUser: 65534)
    }

    /// A journal that, replayed into the store as it is now, sets an override for spicyMode: what
    /// another user who can put a file beside the store would plant. Made by writing through
    /// SQLite and keeping the `-wal` it wrote, then putting the store back as it was.
    private func makeInjectedJournal() throws -> String {
        try makeStore()
        let base = try #require(FileManager.default.contents(atPath: store))
        let injected = folder.file("injected.wal")
        do {
            let connection = try SQLiteConnection(path: store, create: false)
            try connection.execute("INSERT INTO prefs (key, type, value, updated_at) VALUES ('spicyModeDebugKey', 'bool', 1, 0)")
            try FileManager.default.copyItem(atPath: store + "-wal", toPath: injected)
        }
        folder.write(base, to: store)
        for suffix in ["-wal", "-shm"] { unlink(store + suffix) }
        chmod(injected, 0o644)
        return injected
    }

    private func spicyModeOverride(asUser: UInt32? = nil) throws -> String {
        try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["get", "spicyMode", "--json"], environment: environment, asUser: asUser).output
    }

    /// Another user's `-wal` (mode 0666) beside root's store: replayed, it would inject an
    /// override; it is refused before SQLite opens the store, naming the journal.
    @Test(.enabled(if: BuiltProgram.isRoot, "chown to another user needs root"))
    func journalOwnedByAnotherUserIsNotReplayed() throws {
        let injected = try makeInjectedJournal()
        let journal = store + "-wal"
        try FileManager.default.copyItem(atPath: injected, toPath: journal)
        chown(journal, 65534, 65534)
        chmod(journal, 0o666)
        try expectRefused("journal owned by another user (\(journal), uid 65534)", commands: Self.commands + [["get", "spicyMode", "--json"]])
        let list = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["list", "--json"], environment: environment)
        #expect(!list.output.contains("spicyMode"), "nothing of the journal may show: \(list.output)")
        // The journal is real: once it is root's and private, SQLite replays it.
        chown(journal, 0, 0)
        chmod(journal, 0o600)
        #expect(try spicyModeOverride().contains(#""override": true"#))
    }

    /// A store folder owned by another user (the issue's case): they plant a journal there
    /// themselves; root's next `flags list` refuses the folder instead of replaying it.
    @Test(.enabled(if: BuiltProgram.isRoot, "running as another user needs root"))
    func folderOwnedByAnotherUserIsRefused() throws {
        let injected = try makeInjectedJournal()
        let storeFolder = folder.file("store")
        chmod(storeFolder, 0o755)
        chown(storeFolder, 65534, 65534)
        #expect(BuiltProgram.system("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                       "/bin/cp", injected, store + "-wal"]) == 0, "nobody plants the journal")
        chmod(store + "-wal", 0o666)
        try expectRefused("folder owned by another user (\(storeFolder), uid 65534)",
                          commands: Self.commands + [["get", "spicyMode", "--json"]])
        let refusal = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["list"], environment: environment)
        #expect(refusal.errors.contains("a folder of your own") && !refusal.errors.contains("mkdir") && refusal.errors.contains("chown 0 '\(storeFolder)'"), "\(refusal.errors)")
    }

    /// Moved away while this process has it open: another `flags` must not make a new store
    /// that shares the old one's journals (SQLite would mix them); it waits for the path to be free.
    @Test func storeMovedAwayWhileAnotherProgramHasItOpen() throws {
        let holder = try SQLitePrefs(path: store)
        try holder.setBool(true, forKey: "promoBannerDebugKey")
        #expect(rename(store, store + ".moved") == 0)
        let refused = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["set", "tipJar", "off"], environment: environment)
        #expect(refused.status == 1 && refused.errors.contains("another program still has the store that was at this path open"), "\(refused.errors)")
        #expect(refused.errors.contains("hint: close the programs"), "\(refused.errors)")
        holder.close()
        let set = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["set", "tipJar", "off"], environment: environment)
        #expect(set.status == 0, "\(set.errors)")
        let list = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["list", "--json"], environment: environment)
        #expect(list.output.contains(#""debugKey": "tipJarDebugKey""#) && !list.output.contains(#""override": true"#), "\(list.output)")
    }

    /// A journal with changes whose store is gone (a crash, then `rm prefs.sqlite`): a new store
    /// is not made on top of it.
    @Test func journalWithChangesLeftWithoutItsStore() throws {
        let injected = try makeInjectedJournal()
        unlink(store)
        try FileManager.default.copyItem(atPath: injected, toPath: store + "-wal")
        let result = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["list"], environment: environment)
        #expect(result.status == 1 && result.errors.contains("a journal with changes of a store no longer at this path is left (\(store)-wal)"), "\(result.errors)")
        #expect(result.errors.contains("rm '\(store)-wal'"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    /// A link to a file that does not exist is said to be one, not "read-only".
    @Test func danglingLinkAsTheStore() throws {
        let target = folder.file("gone/prefs.sqlite")
        symlink(target, store)
        try expectRefused("symbolic link to a missing file (\(target))")
        let result = try BuiltProgram.run(BuiltProgram.path(of: "flags"), ["list"], environment: environment)
        #expect(!result.errors.contains("read-only"), "\(result.errors)")
        #expect(result.errors.contains("rm '\(store)'"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// `--store ""` would be the working directory: a usage error naming the option instead.
    @Test func emptyStorePathIsAUsageError() throws {
        for arguments in [["--store", "", "list"], ["--store=", "list"], ["set", "promoBanner", "on", "--store", ""]] {
            let result = try BuiltProgram.run(BuiltProgram.path(of: "flags"), arguments, environment: environment)
            #expect(result.status == 2, "flags \(arguments) exited \(result.status): \(result.errors)")
            #expect(result.errors.contains("--store needs a file path"), "\(result.errors)")
        }
        #expect(snapshot() == "missing")
    }

    /// A full disk: the store on a small tmpfs filled up. Skipped where tmpfs cannot be mounted.
    @Test(.enabled(if: BadStoreTests.canMountTmpfs, "mounting a tmpfs needs root and a kernel that allows it"))
    func fullDisk() throws {
        let mountPoint = folder.file("store")
        try #require(BuiltProgram.system("/bin/mount", ["-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", mountPoint]) == 0)
        defer { BuiltProgram.system("/bin/umount", [mountPoint]) }
        try makeStore()
        // Fill every free block.
        try #require(FileManager.default.createFile(atPath: mountPoint + "/filler", contents: nil))
        let filler = try #require(FileHandle(forWritingAtPath: mountPoint + "/filler"))
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()
        try expectRefused("disk is full", commands: [["set", "promoBanner", "off"], ["set", "spicyMode", "on"], ["reset", "--all"]])
    }

    /// Root is not enough for `chattr +i`: it also needs CAP_LINUX_IMMUTABLE (often dropped in
    /// containers) and a filesystem with the flag (not tmpfs or overlayfs everywhere), so try it.
    static let canMakeImmutable: Bool = {
        guard BuiltProgram.isRoot, FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else { return false }
        let probe = NSTemporaryDirectory() + "chattr-probe-\(getpid())"
        guard FileManager.default.createFile(atPath: probe, contents: Data("probe".utf8)) else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard BuiltProgram.system("/usr/bin/chattr", ["+i", probe]) == 0 else { return false }
        BuiltProgram.system("/usr/bin/chattr", ["-i", probe])
        return true
    }()

    static let canMountTmpfs: Bool = {
        guard BuiltProgram.isRoot else { return false }
        let probe = NSTemporaryDirectory() + "tmpfs-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard BuiltProgram.system("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]) == 0 else { return false }
        BuiltProgram.system("/bin/umount", [probe])
        return true
    }()
}
