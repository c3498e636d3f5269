import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestServers
import TestHelpers
import TestTraits

/// `flags` against hostile Remote Settings answers from a real HTTP server on loopback: each is
/// refused or capped with a message naming the URL (without its credentials) and the limit,
/// the cached records are kept, and a mistyped `--experiments` path is an error.
@Suite(.blocking, .serialized) struct RemoteSettingsHostileServerTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] {
        ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state"),
         "XDG_CACHE_HOME": folder.file("cache"), "FLAGS_NO_CACHE": "1"]
    }

    private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    /// The records URL of `collection` on `server`, with `user:password@` when asked.
    private func url(_ server: FixedAnswerServer, _ collection: String, credentials: Bool = false) -> String {
        var components = URLComponents(url: server.client(collection).recordsURL, resolvingAgainstBaseURL: false)!
        if credentials {
            components.user = "reader"
            components.password = "s3cret"
        }
        return components.url!.absoluteString
    }

    @Test func aMissingExperimentsFileIsAnErrorNamingIt() throws {
        let missing = try flags(["list", "--experiments", "experimnets.json"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains(folder.path + "/experimnets.json: no such experiments file"), "\(missing.errors)")
        #expect(!FileManager.default.fileExists(atPath: environment["FLAGS_STORE"]!), "nothing was created")

        folder.write(#"{"data": []}"#, to: "experiments.json")
        #expect(try flags(["list", "--experiments", "experiments.json"]).status == 0)
    }

    @Test func aServerProblemStaysAWarning() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let result = try flags(["list", "--experiments", url(server, "status-503")])
        #expect(result.status == 0)
        #expect(result.errors.contains("warning: HTTP 503"), "\(result.errors)")
    }

    @Test func aGzipBombIsRefusedWithoutShowingTheCredentials() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let result = try flags(["fetch", "--experiments", url(server, "gzip-bomb", credentials: true)])
        #expect(result.status == 1)
        #expect(result.errors.contains("answer from \(url(server, "gzip-bomb")) is larger than the 32 MiB limit"), "\(result.errors)")
        #expect(!(result.output + result.errors).contains("s3cret"))
        for file in ["prefs.sqlite", "prefs.sqlite-wal"] {
            let bytes = FileManager.default.contents(atPath: folder.file("store/" + file)) ?? Data()
            #expect(bytes.range(of: Data("s3cret".utf8)) == nil, "\(file) holds the password")
        }
    }

    @Test func tooManyRecordsAreRefusedAndNothingIsCached() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let result = try flags(["fetch", "--experiments", url(server, "many-records")])
        #expect(result.status == 1)
        #expect(result.errors.contains("holds 10001 records, more than the limit of 10000"), "\(result.errors)")
        let offline = try flags(["--offline", "experiments", "--experiments", url(server, "many-records")])
        #expect(offline.errors.contains("no cached records"), "\(offline.errors)")
    }

    @Test func aRetryAfterOfMillenniaWaitsADayAndSaysUntilWhen() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let address = url(server, "retry-forever")
        let first = try flags(["fetch", "--experiments", address])
        #expect(first.status == 1)
        #expect(first.errors.contains("the server asked clients to wait 1 day, so it is not asked again until "), "\(first.errors)")

        let second = try flags(["fetch", "--experiments", address, "--json"])
        let json = try JSONParser.parse(second.output)
        let until = try #require(json["backoffUntil"]?.stringValue)
        // An ISO 8601 time in UTC, within a day from now (not the year 5195).
        #expect(until.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(until)")
        let end = try #require(try? Date(until, strategy: .iso8601))
        #expect(end > Date() && end <= Date().addingTimeInterval(86_400 + 60))
        #expect(second.errors.contains("not asking \(address) until \(until)"), "\(second.errors)")
        #expect(try server.requestPaths().count == 1, "the second fetch did not ask")
    }
}
