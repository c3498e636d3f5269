import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Formats
import Foundation
import Nimbus
import Prefs
import TestHelpers
import Testing

/// A line break inside a registry title or status, a record's slug or name, or an event name
/// never starts a line of a command's report: a reader (or a script reading lines) would take
/// `FORGED: …` for the tool's own words. Escapes become `?` (HostileTextTests); line breaks from
/// input become `?` too in one-line fields, and only indented continuation lines in texts that
/// are paragraphs (a description).
@Suite struct InputLineBreakTests {
    let flags = InProcessFlags(environment: ["FLAGS_NO_CACHE": "1"])
    let registryPath: String
    static let slug = "dark-kitchen\nFORGED: slug"

    init() throws {
        registryPath = try BibimbapDemo.materialize(in: flags.folder.path)
        let registry = try String(contentsOfFile: registryPath, encoding: .utf8)
        let edited = registry
            .replacingOccurrences(of: "status: Show allergen labels on every dish", with: #"status: "Show labels\r\nFORGED: status""#)
            .replacingOccurrences(of: "title: Allergen Info", with: #"title: "Allergen Info\nFORGED: title""#)
        try #require(edited.contains("FORGED: status") && edited.contains("FORGED: title"))
        try edited.write(toFile: registryPath, atomically: true, encoding: .utf8)
        let experimentsPath = flags.folder.file("experiments.json")
        let records = try String(contentsOfFile: experimentsPath, encoding: .utf8)
        try records.replacingOccurrences(of: #""dark-kitchen-rollout""#, with: JSONValue.string(Self.slug).compactText)
            .replacingOccurrences(of: #""Dark kitchen rollout""#, with: #""Dark kitchen\u2028FORGED: name""#)
            .write(toFile: experimentsPath, atomically: true, encoding: .utf8)
    }

    private func expectNoForgedLine(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let (_, console) = flags.run(arguments, configPath: registryPath)
        for (stream, text) in [("output", console.output), ("errors", console.errors)] {
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where line.hasPrefix("FORGED") {
                Issue.record("flags \(arguments.joined(separator: " ")) printed a line of the input's on its \(stream):\n\(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func noCommandPrintsALineBreakFromTheRegistryOrTheRecords() throws {
        // A name with a line break is refused; one an older tool stored is still listed on one line.
        #expect(flags.run(["events", "record", "lunch\nFORGED: event"], configPath: registryPath).status == 1)
        var events = EventStore()
        try events.record("lunch\nFORGED: event", count: 1, now: .now)
        try SQLitePrefs(path: flags.folder.file("prefs.sqlite"))
            .apply(documents: [EventStorePrefs.documentKey: JSONValue.object(events.events.mapValues(\.jsonValue)).compactText], changes: [])
        #expect(flags.run(["set", "allergenInfo", "off"], configPath: registryPath).status == 0)
        for arguments in [["list"], ["get", "allergenInfo"], ["get", "darkKitchen"], ["experiments"], ["info", Self.slug], ["features"],
                          ["stale"], ["validate"], ["events", "list"], ["log"], ["diff"], ["enroll", Self.slug], ["context"],
                          ["feature", "dark-kitchen-feature"], ["get", "allergenInfo\nFORGED: argument"], ["unenroll", Self.slug]] {
            expectNoForgedLine(arguments)
        }
    }
}
