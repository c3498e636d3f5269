import Foundation

/// Where the Firefox for iOS example registry is; its manifest is kept beside it in the repository.
enum FirefoxExample {
    static let registryPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/firefox-ios/feature-flags.yaml").path
}
