import Foundation
import Testing
import TestServers
@testable import Formats
@testable import HTTP
import TestTraits

/// The libcurl transport against a real HTTP server on loopback: what is sent, what comes back,
/// and how an exchange fails.
@Suite(.blocking) struct HTTPGetTests {
    @Test func sendsTheHeadersAndDecodesACompressedAnswer() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let get = HTTPGet(url: server.client("gzip").recordsURL, headers: ["Accept": "application/json", "If-None-Match": #""8""#], timeout: 5)
        let answer = try get.perform()
        #expect(answer.status == 200)
        #expect(answer.header("etag") == #""9""# && answer.header("ETag") == #""9""#, "header names match whatever their case")
        #expect(answer.header("Content-Encoding") == "gzip", "the server compressed it")
        let body = try JSONParser.parse(bytes: answer.body, file: "answer")
        #expect(body == .object(["data": .array([]), "accept": .string("application/json"), "ifNoneMatch": .string(#""8""#)]))
    }

    @Test func followsARedirectAndKeepsOnlyTheLastAnswersHeaders() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let answer = try HTTPGet(url: server.client("moved").recordsURL, headers: [:], timeout: 5).perform()
        #expect(answer.status == 200 && answer.header("Backoff") == "60" && answer.header("Location") == nil)
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"data": []}"#)
    }

    @Test func failuresSayWhatWentWrong() throws {
        let port = try ServerProcess.freeLoopbackPort()
        let refused = #expect(throws: HTTPGet.Failure.self) {
            _ = try HTTPGet(url: URL(string: "http://127.0.0.1:\(port)/")!, headers: [:], timeout: 5).perform()
        }
        #expect(refused?.kind == .cannotConnect && refused?.detail.isEmpty == false)
        let unknown = #expect(throws: HTTPGet.Failure.self) {
            _ = try HTTPGet(url: URL(string: "http://no-such-host.invalid/")!, headers: [:], timeout: 5).perform()
        }
        #expect(unknown?.kind == .hostNotFound)
        #expect(HTTPStatus.reasonPhrase(503) == "service unavailable" && HTTPStatus.reasonPhrase(599) == "server error")
    }
}
