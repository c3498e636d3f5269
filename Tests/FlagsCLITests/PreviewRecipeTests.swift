import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestServers
import TestTraits

extension Kinto {
    /// `flags publish` and `flags unpublish` against a real Kinto with authentication on: a recipe
    /// published by one machine enrolls a second client pointed at the preview collection, and
    /// unpublishing it ends that. The tests share one server; the one that reads what was published
    /// has a preview collection of its own.
    @Suite(.enabled(if: KintoServer.isAvailable, "Kinto is not installed and could not be installed from PyPI"))
    struct PreviewRecipeTests {
        static func recipe(_ slug: String, enabled: JSONValue = .bool(true)) -> JSONValue {
            ExperimentsCommandTests.record(slug, feature: "tip-jar-feature", branches: [("treatment", 1, .object(["enabled": enabled]))])
        }

        @Test func publishedRecipeEnrolsASecondClientUntilUnpublished() throws {
            let kinto = try KintoTeamServer.shared.get()
            try kinto.createCollection("preview-enrolls", like: .preview)
            let alice = QAMachine.kinto("alice")
            let device = QAMachine(.anonymous)
            let preview = "\(kinto.url)/buckets/main/collections/preview-enrolls/records"
            let tipJar = ["--channel", "release", "--experiments", preview, "get", "tipJar", "--json"]
            #expect(try JSONParser.parse(device.flags(tipJar).output)["source"] == .string("default"))

            let file = alice.folder.write(Self.recipe("tip-jar-preview").prettyText, to: "tip-jar-preview.json")
            let publish = try alice.flags("publish", file, "--collection", "preview-enrolls", "--remote", kinto.url)
            #expect(publish.status == 0, "\(publish.errors)")
            #expect(publish.output.contains("published experiment tip-jar-preview (1 branch) to \(preview)/tip-jar-preview"))

            let enrolled = try JSONParser.parse(device.flags(tipJar).output)
            #expect(enrolled["source"] == .string("experiment") && enrolled["enabled"] == .bool(true))
            #expect(enrolled["experiment"] == .object(["slug": .string("tip-jar-preview"), "branch": .string("treatment")]))

            let unpublish = try alice.flags("unpublish", "tip-jar-preview", "--collection", "preview-enrolls", "--remote", kinto.url)
            #expect(unpublish.status == 0, "\(unpublish.errors)")
            #expect(try kinto.record("tip-jar-preview", bucket: "main", collection: "preview-enrolls") == nil)
            #expect(try JSONParser.parse(device.flags(tipJar).output)["source"] == .string("default"))

            let again = try alice.flags("unpublish", "tip-jar-preview", "--collection", "preview-enrolls", "--remote", kinto.url)
            #expect(again.status == 1 && again.errors.contains("no recipe `tip-jar-preview` in \(preview)"))
        }

        @Test func aRecipeTheManifestRejectsIsNotPublished() throws {
            let kinto = try KintoTeamServer.shared.get()
            let alice = QAMachine.kinto("alice")
            let file = alice.folder.write(Self.recipe("bad-type", enabled: .string("yes")).prettyText, to: "bad.json")
            let publish = try alice.flags("publish", file, "--remote", kinto.url)
            #expect(publish.status == 1)
            #expect(publish.errors.contains("record bad-type, branch treatment, feature `tip-jar-feature`, variable `enabled`"), "\(publish.errors)")
            #expect(publish.errors.contains("nothing was published") && publish.errors.contains(file))
            #expect(try kinto.record("bad-type", bucket: "main", collection: "nimbus-preview") == nil)

            let missing = alice.folder.write(#"{"slug": "half"}"#, to: "half.json")
            let half = try alice.flags("publish", missing, "--remote", kinto.url)
            #expect(half.status == 1 && half.errors.contains("1 problem, nothing was published") && half.errors.contains("record half skipped: "))
        }

        @Test func onlyMembersWithWritePermissionPublish() throws {
            let kinto = try KintoTeamServer.shared.get()
            let bob = QAMachine.kinto("bob")
            let file = bob.folder.write(Self.recipe("bobs-preview").prettyText, to: "recipe.json")
            let publish = try bob.flags("publish", file, "--remote", kinto.url)
            #expect(publish.status == 1)
            #expect(publish.errors.contains("`account:bob` lacks the `write` permission on collection main/nimbus-preview"), "\(publish.errors)")
            #expect(try kinto.record("bobs-preview", bucket: "main", collection: "nimbus-preview") == nil)
        }
    }
}
