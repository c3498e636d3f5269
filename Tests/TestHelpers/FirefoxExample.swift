import Foundation

/// Where the Firefox for iOS example registry is; its manifest is kept beside it in the repository.
public enum FirefoxExample {
    public static let registryPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/firefox-ios/feature-flags.yaml").path
}
