import Platform
import HTTP
import RemoteSettings

/// Why a Remote Settings record could not be read or written, naming the URL and what to do.
///
/// Switch over `kind` to react (`changedMeanwhile` means: fetch, show, ask); print
/// `description` for a person. No credential ever appears in it, only where they came from.
///
/// ```swift
/// catch let error as RemoteSettingsWriteError where error.kind == .changedMeanwhile { … }
/// ```
public struct RemoteSettingsWriteError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No credentials, or the server did not accept them (HTTP 401); `credentials` says
        /// where the ones sent came from.
        case unauthenticated(credentials: String?)
        /// The server knows who is asking and refuses (HTTP 403): `permission` is what is missing.
        case forbidden(permission: String, principal: String?, bucket: String, collection: String)
        /// A conditional write found the record changed (or created) since (HTTP 412).
        case changedMeanwhile
        case httpStatus(Int, message: String?)
        /// The server could not be reached, or answered too much.
        case transport(RemoteSettingsError)
        /// The answer is not what a Kinto server sends.
        case unexpectedAnswer(String)
        /// Not sent: an id of the URL is not one Kinto accepts.
        case invalidID(InvalidRemoteSettingsID)
    }

    public var kind: Kind
    public var url: URL

    public init(_ kind: Kind, url: URL) {
        self.kind = kind
        self.url = url
    }

    public var description: String {
        let url = RemoteSettingsClient.displayText(of: url)
        switch kind {
        case .unauthenticated(let source?):
            return "\(url) did not accept the credentials from \(source) (HTTP 401); check the login and password (or token) there"
        case .unauthenticated(nil):
            return "\(url) needs credentials (HTTP 401): add `machine \(self.url.host ?? "HOST") login USER password PASSWORD` to ~/.netrc, "
                + "or set \(RemoteSettingsCredentials.userVariable) and \(RemoteSettingsCredentials.passwordVariable) "
                + "(or \(RemoteSettingsCredentials.tokenVariable)) in the environment"
        case .forbidden(let permission, let principal, let bucket, let collection):
            let who = principal.map { "`\(field: $0)`" } ?? "this user"
            return "\(who) lacks the `\(permission)` permission on collection \(bucket)/\(collection) at \(url) (HTTP 403); "
                + "ask an admin of the server to grant it (\(permission == "read" ? "add a group you are in to the collection's `read` permission" : "add you to the collection's `write` permission")), "
                + "or use credentials that have it"
        case .changedMeanwhile:
            return "\(url) was changed by someone else since you last read it (HTTP 412 precondition failed)"
        case .httpStatus(let status, let message):
            return "HTTP \(status) (\(HTTPStatus.reasonPhrase(status))) from \(url)\(message.map { ": \(field: $0)" } ?? "")"
        case .transport(let error):
            return error.description
        case .invalidID(let invalid):
            return "\(invalid); nothing was sent to \(self.url.host ?? "the server")"
        case .unexpectedAnswer(let detail):
            return "the answer from \(url) is not a Kinto record answer: \(field: detail); check that the URL is a Remote Settings server (…/v1)"
        }
    }
}
