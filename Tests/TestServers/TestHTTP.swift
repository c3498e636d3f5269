import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Blocking HTTP requests for setting up test servers (creating Kinto collections, posting
/// records), so the helpers work from synchronous tests too.
public enum TestHTTP {
    public struct Answer: Sendable {
        public var status: Int
        public var body: String
    }

    /// Sends one request; `credentials` are `user:password` for basic auth.
    @discardableResult
    public static func send(_ method: String, _ url: URL, json: String? = nil, credentials: String? = nil, timeout: TimeInterval = 5) throws -> Answer {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let credentials {
            request.setValue("Basic \(Data(credentials.utf8).base64EncodedString())", forHTTPHeaderField: "Authorization")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<Answer, TestServerError>?>(nil)
        session.dataTask(with: request) { data, response, error in
            let outcome: Result<Answer, TestServerError>
            if let error {
                outcome = .failure(TestServerError("\(method) \(url): \(error.localizedDescription)"))
            } else if let http = response as? HTTPURLResponse {
                outcome = .success(Answer(status: http.statusCode, body: String(decoding: data ?? Data(), as: UTF8.self)))
            } else {
                outcome = .failure(TestServerError("\(method) \(url): no HTTP answer"))
            }
            result.withLock { $0 = outcome }
            done.signal()
        }.resume()
        done.wait()
        session.finishTasksAndInvalidate()
        return try result.withLock { $0! }.get()
    }
}
