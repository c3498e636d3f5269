import Foundation
import Formats
import TestHelpers
import Testing
import TestTraits

/// The package's layout holds: every module a target imports is declared in `Package.swift`
/// (a module reached only through another target's dependency breaks when that list changes),
/// and `docs/ARCHITECTURE.md`'s table of what each module may import is `Package.swift`'s.
@Suite(.blocking, .enabled(if: SwiftToolchain.swift != nil, "no `swift` found to read Package.swift"))
struct PackageLayoutTests {
    /// Modules of the toolchain and the system, which no target declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Musl",
        "Dispatch", "Synchronization", "Testing", "XCTest",
    ]

    struct Target {
        var name: String
        var folder: String
        var dependencies: Set<String>
    }

    /// The targets as SwiftPM reads `Package.swift` (`swift package dump-package`).
    static func targets() throws -> [Target] {
        // A scratch folder of its own: the one under .build is locked by the `swift test` running this.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dump = try SwiftToolchain.run(["package", "--package-path", SwiftToolchain.packageRoot, "--scratch-path", scratch, "dump-package"])
        try #require(dump.status == 0, "swift package dump-package failed")
        let json = try JSONParser.parse(dump.output)
        return try #require(json["targets"]?.arrayValue).compactMap { target in
            guard let name = target["name"]?.stringValue, let type = target["type"]?.stringValue, type != "system" else { return nil }
            let folder = target["path"]?.stringValue ?? (type == "test" ? "Tests/" : "Sources/") + name
            let dependencies = (target["dependencies"]?.arrayValue ?? []).compactMap { dependency -> String? in
                guard case .object(let kinds) = dependency, let first = kinds.values.first else { return nil }
                return first.arrayValue?.first?.stringValue
            }
            return Target(name: name, folder: SwiftToolchain.packageRoot + "/" + folder, dependencies: Set(dependencies))
        }
    }

    /// The modules the Swift files under `folder` import (an `import` at the start of a line,
    /// so Python or Swift inside a string literal does not count).
    static func imports(under folder: String) -> Set<String> {
        var found: Set<String> = []
        guard let files = FileManager.default.enumerator(atPath: folder) else { return found }
        for case let file as String in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                if let name = line.split(separator: " ").last { found.insert(String(name)) }
            }
        }
        return found
    }

    @Test func everyImportedModuleIsDeclared() throws {
        let targets = try Self.targets()
        try #require(targets.count > 10, "read \(targets.count) targets from Package.swift")
        for target in targets {
            let undeclared = Self.imports(under: target.folder).subtracting(Self.toolchainModules).subtracting(target.dependencies)
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
        }
    }

    @Test func theArchitectureTableIsWhatPackageSwiftSays() throws {
        let text = try String(contentsOfFile: SwiftToolchain.packageRoot + "/docs/ARCHITECTURE.md", encoding: .utf8)
        var documented: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let names = { (cell: String) in Set(cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }) }
            guard let module = names(cells[1]).first else { continue }
            documented[module] = names(cells[2])
        }
        try #require(documented.count >= 8, "found \(documented.count) modules in docs/ARCHITECTURE.md")
        let declared = Dictionary(uniqueKeysWithValues: try Self.targets().map { ($0.name, $0.dependencies) })
        for (module, imports) in documented.sorted(by: { $0.key < $1.key }) {
            #expect(declared[module] == imports, "docs/ARCHITECTURE.md says \(module) may import \(imports.sorted()); Package.swift declares \(declared[module].map { $0.sorted() } ?? [])")
        }
    }
}
