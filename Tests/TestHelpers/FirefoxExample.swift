import Foundation

/// Where the Firefox for iOS example registry is; its manifest is kept beside it in the repository.
public enum FirefoxExample {
    public static let registryPath = SwiftToolchain.packageRoot + "/Examples/firefox-ios/feature-flags.yaml"
}
