import Foundation
import Testing
@testable import FlagsTool
import RemoteSettings
import TestServers
import TestTraits

/// A write whose bucket, collection or record id Kinto would refuse sends nothing at all.
@Suite(.blocking) struct RemoteSettingsRecordsIDTests {
    @Test(.enabled(if: ServerProcess.isPythonAvailable, "needs python3 for the test server"))
    func anInvalidIDSendsNothing() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let records = RemoteSettingsRecords(server: server.process.baseURL, bucket: "../../accounts", collection: "presets", credentials: nil)
        do {
            _ = try records.delete("admin")
            Issue.record("a walked bucket was sent")
        } catch {
            guard case .invalidID(let invalid) = error.kind else { Issue.record("\(error)"); return }
            #expect(invalid.what == "bucket" && error.description.contains("nothing was sent"))
        }
        let walkedRecord = RemoteSettingsRecords(server: server.process.baseURL, bucket: "main", collection: "presets", credentials: nil)
        #expect(throws: RemoteSettingsWriteError.self) { try walkedRecord.put("../../../accounts/admin", data: [:]) }
        #expect(try server.exchanges().isEmpty)
    }
}
