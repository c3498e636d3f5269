import FeatureFlags
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

    /// The records URL is what messages show and what keys the cache: no credentials, and neither a
    /// fragment (never sent) nor a query (dropped from the request too), in either spelling.
    @Test(arguments: ["https://reader:s3cret@rs.example/v1/buckets/main/collections/nimbus-preview/records?_since=5#top",
                      "https://reader:s3cret@rs.example/v1/buckets/main/collections/nimbus-preview/records#top"])
    func theRecordsURLHasNoCredentialsQueryOrFragment(_ text: String) {
        guard case .remote(let client) = ExperimentsSource.parse(text, relativeTo: "/") else {
            Issue.record("a URL must be a remote source")
            return
        }
        #expect(client.recordsURL.absoluteString == "https://rs.example/v1/buckets/main/collections/nimbus-preview/records")
        #expect(ExperimentsSource.remote(client).description == client.recordsURL.absoluteString)
    }

    @Test func aServerURLWithAQueryOrFragmentNamesTheSameRecords() {
        for text in ["https://settings.example?x=1", "https://settings.example#f", "https://u:p@settings.example"] {
            guard case .remote(let client) = ExperimentsSource.parse(text, relativeTo: "/") else {
                Issue.record("a URL must be a remote source")
                continue
            }
            #expect(client.recordsURL.absoluteString == "https://settings.example/v1/buckets/main/collections/nimbus-mobile-experiments/records", "\(text)")
        }
    }
}
