#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CCurl
import Platform

/// One HTTP request through libcurl, which is opened the first time anything is fetched (not
/// linked: see `CCurl`): a GET unless `method` says otherwise. It is what `RemoteSettingsClient`
/// asks a server with, and what `RemoteSettingsRecords` writes with (`PUT` and `DELETE`, a JSON
/// `body`); nothing else needs HTTP.
///
/// A GET follows redirects; a write never does, since a redirect could carry its body and its
/// `Authorization` header somewhere else. It accepts compressed answers, sends no cookies and keeps no cache (a `304`
/// arrives as a `304`); `timeout` bounds the whole exchange. A failure to exchange (no host, no
/// connection, no answer in time, no libcurl, an answer over `maximumBytes`) is a `Failure`; any
/// HTTP status is an answer.
///
/// `maximumBytes` bounds both what comes off the wire and what it inflates to: a 3 MB gzip of
/// zeros inflates to 3 GiB, and libcurl decompresses as fast as it reads, so the decoded bytes are
/// counted as they arrive and the transfer is aborted at the limit, before they are kept.
///
/// ```swift
/// let answer = try HTTPGet(url: url, headers: ["Accept": "application/json"], timeout: 10).perform()
/// answer.status            // 200
/// answer.header("ETag")    // "\"42\""
/// ```
package struct HTTPGet {
    /// What the server said.
    package struct Answer {
        package var status: Int
        package var body: [UInt8]
        /// Header names lowercased, as they came (the last of a repeated header wins).
        package var headers: [String: String]

        package init(status: Int, body: [UInt8], headers: [String: String]) {
            self.status = status
            self.body = body
            self.headers = headers
        }

        package func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// Why there is no answer.
    package struct Failure: Error {
        package enum Kind: Equatable {
            case hostNotFound, cannotConnect, timedOut, other
            /// The answer (its body received or decoded, or its headers) passed this many bytes.
            case tooLarge(limit: Int)
        }

        package var kind: Kind
        /// libcurl's own words for it.
        package var detail: String
    }

    package var url: URL
    package var headers: [String: String]
    package var timeout: TimeInterval
    /// `GET`, `PUT`, `DELETE`...
    package var method: String = "GET"
    /// What a write sends (its `Content-Type` is the caller's header to set).
    package var body: [UInt8]? = nil
    /// The most body bytes kept, counted both as received and after decompression.
    package var maximumBytes: Int = 32 << 20
    /// The most header bytes of one answer: libcurl bounds a line, not how many lines come.
    package static let maximumHeaderBytes = 256 << 10

    /// Exchanges the request and answer on the calling thread.
    package init(url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int = 32 << 20) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBytes = maximumBytes
    }

    package func perform() throws(Failure) -> Answer {
        let api = try Self.library.get().api
        guard let handle = api.easy_init!() else {
            throw Failure(kind: .other, detail: "curl_easy_init failed")
        }
        defer { api.easy_cleanup!(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { api.slist_free_all!(headerList) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { headerList = api.slist_append!(headerList, "\(name): \(value)") }

        let received = Received(maximumBytes: maximumBytes)
        let context = Unmanaged.passUnretained(received).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let milliseconds = max(1, Int(timeout * 1000))
        let isGet = method == "GET"
        let code: CURLcode = withUnsafePointer(to: api) { api in
            url.absoluteString.withCString { urlText in
                errorBuffer.withUnsafeMutableBufferPointer { errors in
                    ccurl_setopt_pointer(api, handle, CURLOPT_URL, urlText)
                    if !isGet {
                        method.withCString { _ = ccurl_setopt_pointer(api, handle, CURLOPT_CUSTOMREQUEST, $0) }
                    }
                    if let body {
                        // Copied by libcurl, so the bytes need not outlive this call.
                        ccurl_setopt_off(api, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                        body.withUnsafeBytes { _ = ccurl_setopt_pointer(api, handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
                    }
                    ccurl_setopt_pointer(api, handle, CURLOPT_HTTPHEADER, headerList)
                    ccurl_setopt_pointer(api, handle, CURLOPT_ERRORBUFFER, errors.baseAddress)
                    ccurl_setopt_pointer(api, handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode
                    // Remote Settings is http(s); a redirect to ftp://, file:// or another scheme
                    // libcurl knows is an answer to refuse, not to follow.
                    ccurl_setopt_pointer(api, handle, CURLOPT_PROTOCOLS_STR, "http,https")
                    ccurl_setopt_pointer(api, handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                    ccurl_setopt_long(api, handle, CURLOPT_FOLLOWLOCATION, isGet ? 1 : 0)
                    ccurl_setopt_long(api, handle, CURLOPT_MAXREDIRS, 10)
                    ccurl_setopt_long(api, handle, CURLOPT_TIMEOUT_MS, milliseconds)
                    ccurl_setopt_long(api, handle, CURLOPT_NOSIGNAL, 1)  // no SIGALRM: safe on any thread
                    ccurl_setopt_pointer(api, handle, CURLOPT_USERAGENT, "flags (Nimbus Remote Settings client)")
                    ccurl_setopt_callback(api, handle, CURLOPT_WRITEFUNCTION, Received.appendBody)
                    ccurl_setopt_pointer(api, handle, CURLOPT_WRITEDATA, context)
                    ccurl_setopt_callback(api, handle, CURLOPT_HEADERFUNCTION, Received.appendHeader)
                    ccurl_setopt_pointer(api, handle, CURLOPT_HEADERDATA, context)
                    // A Content-Length over the limit is refused before the body is read; the
                    // progress callback counts raw bytes of answers without one (and of bodies
                    // libcurl reads but does not hand over, such as a redirect's).
                    ccurl_setopt_off(api, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBytes))
                    ccurl_setopt_long(api, handle, CURLOPT_NOPROGRESS, 0)
                    ccurl_setopt_progress(api, handle, Received.progress)
                    ccurl_setopt_pointer(api, handle, CURLOPT_XFERINFODATA, context)
                    return api.pointee.easy_perform!(handle)
                }
            }
        }
        if received.headerBytes > Self.maximumHeaderBytes {
            throw Failure(kind: .tooLarge(limit: Self.maximumHeaderBytes), detail: "its headers are larger than \(Self.maximumHeaderBytes) bytes")
        }
        if received.isTooLarge || code == CURLE_FILESIZE_EXCEEDED {
            throw Failure(kind: .tooLarge(limit: maximumBytes), detail: "the answer is larger than \(maximumBytes) bytes")
        }
        guard code == CURLE_OK else {
            let own = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail = own.isEmpty ? (api.easy_strerror!(code).flatMap { String(validatingCString: $0) } ?? "curl error \(code.rawValue)") : own
            throw Failure(kind: Self.kind(of: code), detail: detail)
        }
        var status = 0
        _ = withUnsafePointer(to: api) { ccurl_getinfo_long($0, handle, CURLINFO_RESPONSE_CODE, &status) }
        return Answer(status: status, body: received.body, headers: received.headers)
    }

    private static func kind(of code: CURLcode) -> Failure.Kind {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .hostNotFound
        case CURLE_COULDNT_CONNECT: .cannotConnect
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        default: .other
        }
    }

    /// libcurl's functions, opened once per process (Swift runs a global's initializer once,
    /// whichever thread gets there first).
    private static let library: Result<Library, Failure> = {
        var api = ccurl_api()
        var error: UnsafePointer<CChar>?
        guard ccurl_load(&api, &error) == 0 else {
            let reason = error.map { String(validatingCString: $0) ?? "?" } ?? "unknown reason"
            return .failure(Failure(kind: .other, detail: "libcurl could not be loaded (\(reason)); install it: apt-get install libcurl4"))
        }
        return .success(Library(api: api))
    }()

    /// The loaded functions: addresses in a library that is never closed, written once before
    /// anyone reads them, so sharing them between threads is safe.
    private struct Library: @unchecked Sendable {
        let api: ccurl_api
    }

    /// Where libcurl's callbacks put the answer, while `perform` runs.
    /// Returning anything but the length handed in, or non-zero from the progress callback,
    /// makes libcurl abort the transfer; `isTooLarge` then says why.
    private final class Received {
        let maximumBytes: Int
        var body: [UInt8] = []
        var headers: [String: String] = [:]
        var headerBytes = 0
        var isTooLarge = false

        init(maximumBytes: Int) {
            self.maximumBytes = maximumBytes
        }

        /// Decoded bytes: counted before they are kept, so memory never holds more than the limit.
        static let appendBody: ccurl_data_callback = { data, size, count, context in
            let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard length <= received.maximumBytes - received.body.count else {
                received.isTooLarge = true
                return 0
            }
            data.map { received.body.append(contentsOf: UnsafeRawBufferPointer(start: $0, count: length)) }
            return length
        }

        /// Bytes as they came off the wire, before decompression.
        static let progress: ccurl_progress_callback = { context, _, downloaded, _, _ in
            let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
            guard downloaded <= received.maximumBytes else {
                received.isTooLarge = true
                return 1
            }
            return 0
        }

        static let appendHeader: ccurl_data_callback = { data, size, count, context in
            let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            received.headerBytes += length
            guard received.headerBytes <= HTTPGet.maximumHeaderBytes else {
                received.isTooLarge = true
                return 0
            }
            guard let data else { return length }
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                received.headers = [:]  // a new answer (after a redirect or a 100 Continue)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingSpaces().lowercased()
                received.headers[name] = line[line.index(after: colon)...].trimmingSpacesAndNewlines()
            }
            return length
        }
    }
}
