import FeatureFlags
import Foundation

// Kiosk's home screen, once. The registry sits beside Package.swift: run from there, or pass its path.
let registry = CommandLine.arguments.dropFirst().first ?? "feature-flags.yaml"
do {
    let flags = try KioskStart.bootstrap(FlagsOptions(configPath: registry))
    for line in HomeViewModel().lines { print(line) }
    print("newBibimbapMenu:", flags.provider.isEnabled(.newBibimbapMenu) ? "on" : "off")
} catch {
    FileHandle.standardError.write(Data("kiosk: \(error)\n".utf8))
    exit(1)
}
