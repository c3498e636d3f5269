import Platform

/// Who writes to a Remote Settings (Kinto) server: a Kinto account's login and password (basic
/// auth) or a bearer token, found in the environment or in `~/.netrc`, never on a command line.
///
/// `description` names only where the credentials came from, never their value, so an error
/// message or a log can print it; the secret leaves this type only as the `Authorization` header.
/// Lookup order: `FLAGS_REMOTE_TOKEN`, then `FLAGS_REMOTE_USER` with `FLAGS_REMOTE_PASSWORD`
/// (both only for a server the user named), then the netrc entry for the server's host
/// (`$NETRC`, else `$HOME/.netrc`).
///
/// ```swift
/// let credentials = try RemoteSettingsCredentials.find(for: url, namedBy: .commandLine, environment: ProcessInfo.processInfo.environment)
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

    /// Why credentials could not be found or may not be sent: a variable set without its
    /// partner, an unreadable or too open netrc, a secret with a line break, a server they are
    /// not for, plain http to another machine.
    public struct LookupError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The server (`…/v1`) the environment's credentials are for, when `--remote` does not name one.
    public static let serverVariable = "FLAGS_REMOTE_URL"

    /// The credentials for `server`, or nil when there are none (the request is then anonymous).
    ///
    /// The environment's (`FLAGS_REMOTE_TOKEN`, `FLAGS_REMOTE_USER` and `FLAGS_REMOTE_PASSWORD`)
    /// go only to a server the user named (`origin` is `.commandLine` or `.environment`): a
    /// registry is a file anyone may send a change to, and its `remote-settings: server:` could be
    /// anyone's. A netrc login is the host's own and goes to that host whoever named it. No secret
    /// goes over plain http to a host other than this machine unless `allowingPlainHTTP`.
    public static func find(for server: URL, namedBy origin: RemoteServerOrigin, environment: [String: String],
                            allowingPlainHTTP: Bool = false) throws(LookupError) -> RemoteSettingsCredentials? {
        let host = server.host ?? ""
        let found: RemoteSettingsCredentials?
        if let fromEnvironment = try environmentCredentials(environment) {
            guard !origin.isFile else {
                throw LookupError(description: "\(fromEnvironment.source) \(fromEnvironment.isPlural ? "are" : "is") set, but \(server.absoluteString) "
                                  + "comes from \(origin.description), not from you: credentials in the environment go only to a server named "
                                  + "with --remote URL or $\(serverVariable); name it there, or put its login in ~/.netrc (machine \(host)); nothing was sent")
            }
            found = fromEnvironment
        } else {
            found = try netrcCredentials(forHost: host, environment: environment)
        }
        if let found, server.scheme?.lowercased() == "http", !isLoopback(host), !allowingPlainHTTP {
            throw LookupError(description: "\(server.absoluteString) is plain http on another machine: \(found.source) would cross the network "
                              + "readable by anyone on the way; use https://, or give --allow-http if this network is yours; nothing was sent")
        }
        return found
    }

    /// The token, or the user and password, from the environment.
    private static func environmentCredentials(_ environment: [String: String]) throws(LookupError) -> RemoteSettingsCredentials? {
        if let token = environment[tokenVariable], !token.isEmpty {
            try checkSecret(token, from: "$\(tokenVariable)")
            return .bearer(token, source: "the bearer token in $\(tokenVariable)")
        }
        let user = environment[userVariable].flatMap { $0.isEmpty ? nil : $0 }
        let password = environment[passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (user, password) {
        case (let user?, let password?):
            try checkSecret(user, from: "$\(userVariable)")
            try checkSecret(password, from: "$\(passwordVariable)")
            return .basic(login: user, password: password, source: "$\(userVariable) and $\(passwordVariable)")
        case (nil, _?):
            throw LookupError(description: "$\(passwordVariable) is set but $\(userVariable) is not; set both, or neither and use ~/.netrc")
        case (_?, nil):
            throw LookupError(description: "$\(userVariable) is set but $\(passwordVariable) is not; set both (export it from a secret store, never on the command line), or use ~/.netrc")
        case (nil, nil):
            return nil
        }
    }

    /// The netrc login for `host`; a netrc that holds it and others can read, or that is not the
    /// user's own, is refused, as Python's `netrc` refuses it.
    private static func netrcCredentials(forHost host: String, environment: [String: String]) throws(LookupError) -> RemoteSettingsCredentials? {
        guard let path = netrcPath(environment: environment) else { return nil }
        let netrc: NetrcFile
        do {
            netrc = try NetrcFile.read(path: path)
        } catch {
            throw LookupError(description: "cannot read \(path): \(error.reason)")
        }
        guard let login = netrc.login(forHost: host) else { return nil }
        if let problem = NetrcFile.exposure(of: path) { throw LookupError(description: problem) }
        try checkSecret(login.login, from: "the login for \(host) in \(path)")
        try checkSecret(login.password, from: "the password for \(host) in \(path)")
        return .basic(login: login.login, password: login.password, source: "the login for \(host) in \(path)")
    }

    /// A secret becomes an HTTP header: a line break in it would end the header and start
    /// another one of the secret's choosing, so one with any control character is refused.
    private static func checkSecret(_ value: String, from source: String) throws(LookupError) {
        guard value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return }
        throw LookupError(description: "\(source) holds a control character (a line break?), which would break the request's headers; "
                          + "set it again without one")
    }

    /// Whether `host` is this machine: only there may a secret travel without TLS.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().filter { $0 != "[" && $0 != "]" }
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Whether more than one secret stands behind `source` (a user and a password).
    var isPlural: Bool { if case .basic = secret { true } else { false } }

    /// `$NETRC` (curl's and Python's override), else `$HOME/.netrc`.
    static func netrcPath(environment: [String: String]) -> String? {
        if let path = environment["NETRC"], !path.isEmpty { return path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.netrc"
    }
}
