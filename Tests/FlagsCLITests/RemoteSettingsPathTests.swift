import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestServers
import TestTraits

extension Kinto {
    /// Ids that walk out of their place in the URL (`..`, `/`) against a real Kinto, as an admin
    /// would run the commands: each is a usage error naming it, nothing is sent, and what the
    /// walked path would have reached is still there.
    @Suite(.enabled(if: KintoServer.isAvailable, "Kinto is not installed and could not be installed from PyPI"))
    struct RemoteSettingsPathTests {
        static var admin: QAMachine { QAMachine(.environment(user: "admin", password: KintoTeamServer.password["admin"]!)) }

        @Test func aSlugThatWalksToTheBucketIsRefusedAndTheBucketStays() throws {
            let kinto = try KintoTeamServer.shared.get()
            try kinto.createCollection("walked-unpublish", like: .preview)
            try kinto.admin("PUT", "buckets/main/collections/walked-unpublish/records/keep-me", #"{"data": {"slug": "keep-me"}}"#)
            let walked = try Self.admin.flags("unpublish", "../../../../../buckets/main", "--collection", "walked-unpublish", "--remote", kinto.url)
            #expect(walked.status == 2, "\(walked.errors)")
            #expect(walked.errors.contains("SLUG '../../../../../buckets/main' is not a Remote Settings id"), "\(walked.errors)")
            #expect(!walked.output.contains("unpublished"))
            #expect(try kinto.admin("GET", "buckets/main").status == 200, "the bucket is still there")
            #expect(try kinto.record("keep-me", bucket: "main", collection: "walked-unpublish") != nil, "and its records")
        }

        @Test func aBucketOrCollectionThatWalksIsRefused() throws {
            let kinto = try KintoTeamServer.shared.get()
            for (option, value) in [("--bucket", "../../accounts"), ("--collection", "x/../../../../accounts"), ("--bucket", "-leading")] {
                let result = try Self.admin.flags("unpublish", "anything", option, value, "--remote", kinto.url)
                #expect(result.status == 2 && result.errors.contains("\(option) '\(value)' is not a Remote Settings id"), "\(option) \(value): \(result.errors)")
            }
        }

        /// A recipe whose slug walks to `accounts/admin` would have been PUT there, with the recipe
        /// as the admin account's new data: the admin's password must still work afterwards.
        @Test func aRecipeWhoseSlugWalksIsNotPublishedAnywhere() throws {
            let kinto = try KintoTeamServer.shared.get()
            try kinto.createCollection("walked-publish", like: .preview)
            let machine = Self.admin
            let recipes = [PreviewRecipeTests.recipe("fine-one"), PreviewRecipeTests.recipe("../../../accounts/admin")]
            let file = machine.folder.write(JSONValue.object(["data": .array(recipes)]).prettyText, to: "recipes.json")
            let publish = try machine.flags("publish", file, "--collection", "walked-publish", "--remote", kinto.url)
            #expect(publish.status == 1, "\(publish.output)\(publish.errors)")
            #expect(publish.errors.contains("slug '../../../accounts/admin' is not a Remote Settings id") && publish.errors.contains("nothing was published"))
            #expect(try kinto.record("fine-one", bucket: "main", collection: "walked-publish") == nil, "not even the good record went out")
            let whoAmI = try JSONParser.parse(try kinto.admin("GET", "").body)
            #expect(whoAmI["user"]?["id"] == .string("account:admin"), "the admin account still logs in with its password")
        }
    }
}
