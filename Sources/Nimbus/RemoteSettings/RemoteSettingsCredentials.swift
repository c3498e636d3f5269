#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Who writes to a Remote Settings (Kinto) server: a Kinto account's login and password (basic
/// auth) or a bearer token, found in the environment or in `~/.netrc`, never on a command line.
///
/// `description` names only where the credentials came from, never their value, so an error
/// message or a log can print it; the secret leaves this type only as the `Authorization` header.
/// Lookup order: `FLAGS_REMOTE_TOKEN`, then `FLAGS_REMOTE_USER` with `FLAGS_REMOTE_PASSWORD`,
/// then the netrc entry for the server's host (`$NETRC`, else `$HOME/.netrc`).
///
/// ```swift
/// let credentials = try RemoteSettingsCredentials.find(forHost: "rs.example.com", environment: ProcessInfo.processInfo.environment)
/// credentials?.description   // "the login for rs.example.com in /home/alice/.netrc"
/// ```
public struct RemoteSettingsCredentials: Sendable, CustomStringConvertible {
    enum Secret: Sendable {
        case basic(login: String, password: String)
        case bearer(String)
    }

    let secret: Secret
    /// Where they came from, for messages.
    public let source: String

    public static let tokenVariable = "FLAGS_REMOTE_TOKEN"
    public static let userVariable = "FLAGS_REMOTE_USER"
    public static let passwordVariable = "FLAGS_REMOTE_PASSWORD"

    public static func basic(login: String, password: String, source: String) -> RemoteSettingsCredentials {
        RemoteSettingsCredentials(secret: .basic(login: login, password: password), source: source)
    }

    public static func bearer(_ token: String, source: String) -> RemoteSettingsCredentials {
        RemoteSettingsCredentials(secret: .bearer(token), source: source)
    }

    public var description: String { source }

    /// The `Authorization` header's value.
    var authorization: String {
        switch secret {
        case .basic(let login, let password): "Basic " + Data("\(login):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer " + token
        }
    }

    /// Why credentials could not be found: a variable set without its partner, an unreadable netrc.
    public struct LookupError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The credentials for `host`, or nil when there are none (reading is then anonymous).
    public static func find(forHost host: String, environment: [String: String]) throws(LookupError) -> RemoteSettingsCredentials? {
        if let token = environment[tokenVariable], !token.isEmpty {
            return .bearer(token, source: "the bearer token in $\(tokenVariable)")
        }
        let user = environment[userVariable].flatMap { $0.isEmpty ? nil : $0 }
        let password = environment[passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (user, password) {
        case (let user?, let password?):
            return .basic(login: user, password: password, source: "$\(userVariable) and $\(passwordVariable)")
        case (nil, _?):
            throw LookupError(description: "$\(passwordVariable) is set but $\(userVariable) is not; set both, or neither and use ~/.netrc")
        case (_?, nil):
            throw LookupError(description: "$\(userVariable) is set but $\(passwordVariable) is not; set both (export it from a secret store, never on the command line), or use ~/.netrc")
        case (nil, nil):
            break
        }
        guard let path = netrcPath(environment: environment) else { return nil }
        let netrc: NetrcFile
        do {
            netrc = try NetrcFile.read(path: path)
        } catch {
            throw LookupError(description: "cannot read \(path): \(error.reason)")
        }
        guard let login = netrc.login(forHost: host) else { return nil }
        return .basic(login: login.login, password: login.password, source: "the login for \(host) in \(path)")
    }

    /// `$NETRC` (curl's and Python's override), else `$HOME/.netrc`.
    static func netrcPath(environment: [String: String]) -> String? {
        if let path = environment["NETRC"], !path.isEmpty { return path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.netrc"
    }
}
