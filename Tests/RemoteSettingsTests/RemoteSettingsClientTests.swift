import Foundation
import Testing
@testable import RemoteSettings

@Suite struct RemoteSettingsClientTests {
    @Test func buildsTheRecordsURLWithDefaults() {
        let client = RemoteSettingsClient(server: URL(string: "https://settings.example/")!)
        #expect(client.recordsURL.absoluteString == "https://settings.example/v1/buckets/main/collections/nimbus-mobile-experiments/records")
        #expect(client.timeout == 10)
    }

    @Test func thePreviewCollectionAndAnotherBucketCanBeChosen() {
        let client = RemoteSettingsClient(server: URL(string: "http://127.0.0.1:8888")!, bucket: "staging", collection: .preview)
        #expect(client.recordsURL.absoluteString == "http://127.0.0.1:8888/v1/buckets/staging/collections/nimbus-preview/records")
        #expect(RemoteSettingsCollection.known.map(\.name) == ["nimbus-mobile-experiments", "nimbus-preview"])
    }

}
