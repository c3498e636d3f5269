import FeatureFlags
import Nimbus
import Testing

@Suite struct ExperimentsSourceTests {
    @Test func pathsAreResolvedAgainstTheRegistryFolder() {
        #expect(ExperimentsSource.parse("experiments.json", relativeTo: "/app") == .file("/app/experiments.json"))
        #expect(ExperimentsSource.parse("/abs/e.json", relativeTo: "/app") == .file("/abs/e.json"))
    }

    @Test func recordsURLIsSplitIntoServerBucketAndCollection() {
        guard case .remote(let client) = ExperimentsSource.parse(
            "http://127.0.0.1:8888/v1/buckets/main-preview/collections/nimbus-preview/records", relativeTo: "/") else {
            Issue.record("a URL must be a remote source")
            return
        }
        #expect(client.server.absoluteString == "http://127.0.0.1:8888")
        #expect(client.bucket == "main-preview" && client.collection == .preview)
        #expect(client.recordsURL.absoluteString == "http://127.0.0.1:8888/v1/buckets/main-preview/collections/nimbus-preview/records")
    }

    @Test func serverURLUsesTheDefaultBucketAndMobileCollection() {
        guard case .remote(let client) = ExperimentsSource.parse("https://settings.example", relativeTo: "/") else {
            Issue.record("a URL must be a remote source")
            return
        }
        #expect(client.recordsURL.absoluteString == "https://settings.example/v1/buckets/main/collections/nimbus-mobile-experiments/records")
    }
}
