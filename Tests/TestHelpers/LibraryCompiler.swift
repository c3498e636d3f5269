import Foundation
import Testing

/// Compiles generated source against the `FeatureFlags` library of this build, in Swift 6 mode
/// with warnings as errors, the way an app that depends on the package compiles it: a typecheck,
/// or a build linked with the library's objects and then run.
public struct LibraryCompiler {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// The build folder the test bundle runs from (`.build/debug`, say): it holds `Modules/` and
    /// each target's objects.
    public static var buildFolder: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" { folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return folder
    }

    public static var packageRoot: URL { URL(fileURLWithPath: SwiftToolchain.packageRoot) }

    /// Why compiling cannot be tried here, or nil when it can.
    public static var unavailable: String? {
        if SwiftToolchain.swiftc == nil { return "no swiftc found" }
        let module = buildFolder.appendingPathComponent("Modules/FeatureFlags.swiftmodule").path
        return FileManager.default.fileExists(atPath: module) ? nil : "no FeatureFlags.swiftmodule in \(buildFolder.path)/Modules"
    }

    /// The library's modules and the C modules beneath them.
    private static var searchArguments: [String] {
        ["-I", buildFolder.appendingPathComponent("Modules").path]
            + ["CSQLite", "CYAML", "CCrypto", "CCurl"].flatMap {
                ["-Xcc", "-fmodule-map-file=" + packageRoot.appendingPathComponent("Sources/\($0)/module.modulemap").path]
            }
    }

    public static func typecheck(_ sources: [String: String], in folder: String) throws -> Result {
        try swiftc(["-typecheck"], sources: sources, in: folder)
    }

    /// Builds `sources` (one must hold `@main`) with the library's objects and runs the program.
    public static func buildAndRun(_ sources: [String: String], in folder: String, arguments: [String] = []) throws -> Result {
        let program = (folder as NSString).appendingPathComponent("program")
        var objects: [String] = []
        // The library and every module beneath it (docs/ARCHITECTURE.md).
        for target in ["FeatureFlags", "Prefs", "Nimbus", "RemoteSettings", "HTTP", "FML", "Formats", "Platform"] {
            let targetFolder = buildFolder.appendingPathComponent("\(target).build").path
            let names = try FileManager.default.contentsOfDirectory(atPath: targetFolder).filter { $0.hasSuffix(".o") }.sorted()
            objects += names.map { (targetFolder as NSString).appendingPathComponent($0) }
        }
        let built = try swiftc(["-o", program] + objects + ["-lsqlite3", "-lyaml", "-lcrypto"], sources: sources, in: folder)
        guard built.status == 0 else { return built }
        return try run(program, arguments, in: folder)
    }

    private static func swiftc(_ extra: [String], sources: [String: String], in folder: String) throws -> Result {
        var files: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let file = (folder as NSString).appendingPathComponent(name)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        // A module cache of the test's own, not the user's ~/.cache.
        let cache = (folder as NSString).appendingPathComponent("module-cache")
        let arguments = ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-module-cache-path", cache] + searchArguments + files + extra
        return try run(try #require(SwiftToolchain.swiftc), arguments, in: folder)
    }

    private static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> Result {
        // swiftc leaves TemporaryDirectory.* folders in $TMPDIR: give it the test's own folder.
        let scratch = (folder as NSString).appendingPathComponent("swiftc-tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let result = try BuiltProgram.run(executable, arguments, environment: ["TMPDIR": scratch], in: folder)
        return Result(status: result.status, output: result.output + result.errors)
    }
}
