import Foundation

/// Where the Firefox for iOS example registry is, and whether the manifest it names is there.
enum FirefoxExample {
    static let registryPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/firefox-ios/feature-flags.yaml").path

    static var fixtureExists: Bool {
        let manifest = (registryPath as NSString).deletingLastPathComponent + "/../../../shared/fixtures/firefox-ios/nimbus.fml.yaml"
        return FileManager.default.fileExists(atPath: manifest)
    }
}
