#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Python interpreter the tests run their servers and references with: the package's own
/// virtual environment (`.venv`, made by `.ci/run` or the README's set-up, holding Kinto and
/// mozilla-nimbus-schemas) when it exists, else `python3` on PATH. Tests never install
/// anything themselves: Debian's Python refuses `pip install` outside a virtual environment
/// (PEP 668), and a test suite that changes the machine it runs on is not repeatable.
public enum PythonTools {
    /// The package root: this file is Tests/TestServers/PythonTools.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The virtual environment's `bin` folder, if there is one.
    public static let venvBin: String? = {
        let bin = packageRoot.appendingPathComponent(".venv/bin").path
        return FileManager.default.isExecutableFile(atPath: bin + "/python3") ? bin : nil
    }()

    /// The interpreter to run, as an argument to `/usr/bin/env`.
    public static var python: String { venvBin.map { $0 + "/python3" } ?? "python3" }

    /// A console script the environment installed (`kinto`), or the one on PATH.
    public static func script(_ name: String) -> String {
        guard let bin = venvBin, FileManager.default.isExecutableFile(atPath: bin + "/" + name) else { return name }
        return bin + "/" + name
    }

    /// What to tell someone whose interpreter lacks `module`.
    public static func missing(_ module: String, package: String) -> String {
        "\(python) cannot import \(module): run .ci/run, or make the environment the README describes "
            + "(python3 -m venv .venv && .venv/bin/pip install \(package))"
    }
}
