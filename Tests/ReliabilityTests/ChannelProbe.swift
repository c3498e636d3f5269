import FeatureFlagsTestSupport
import Foundation
import TestHelpers
import Testing

/// A build of `flag-probe` in one of the channels or distributions a test suite (a developer
/// build) never compiles: the README's beta and release commands, and the TestFlight and App
/// Store builds.
enum ChannelProbe: String, CaseIterable, Sendable {
    case beta, release, testflight, appstore

    var flags: [String] {
        switch self {
        case .beta: ["-c", "release", "-Xswiftc", "-DMOZ_CHANNEL_beta"]
        case .release: ["-c", "release"]
        case .testflight: ["-c", "release", "-Xswiftc", "-DTESTFLIGHT"]
        case .appstore: ["-c", "release", "-Xswiftc", "-DAPPSTORE"]
        }
    }

    /// What `flag-probe` of this build says before `enabled=`.
    var identity: String {
        switch self {
        case .beta, .testflight: "channel=beta distribution=testflight"
        case .release, .appstore: "channel=release distribution=appstore"
        }
    }

    var honoursOverrides: Bool { self == .beta || self == .testflight }

    /// Builds `flag-probe` in this channel (incrementally, after the first time) and returns its path.
    func build() throws -> String { try build(product: "flag-probe") }

    /// Builds `product` with this channel's flags in its scratch folder and returns its path.
    func build(product: String) throws -> String {
        let scratch = SwiftToolchain.packageRoot + "/.build/channel-probes/" + rawValue
        let arguments = ["build", "--package-path", SwiftToolchain.packageRoot, "--scratch-path", scratch] + flags + ["--product", product]
        let result = try BuiltProgram.run(try #require(SwiftToolchain.swift), arguments)
        try #require(result.status == 0, "swift \(arguments.joined(separator: " ")) failed:\n\((result.output + result.errors).suffix(3000))")
        return scratch + "/release/" + product
    }

    func ask(_ probe: String, registry: String, store: String, flag: String = "newBibimbapMenu") throws -> String {
        let result = try BuiltProgram.run(probe, [registry, store, flag])
        #expect(result.status == 0, "\(result.errors)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
