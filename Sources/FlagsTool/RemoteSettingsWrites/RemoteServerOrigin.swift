/// Who named the server a request goes to, which decides the credentials that may go with it
/// (`RemoteSettingsCredentials.find`).
///
/// ```swift
/// RemoteServerOrigin.commandLine                          // --remote URL
/// RemoteServerOrigin.environment("FLAGS_REMOTE_URL")      // beside the credentials
/// RemoteServerOrigin.file("feature-flags.yaml")           // a registry: anyone may change it
/// ```
public enum RemoteServerOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The user typed it: `--remote URL`.
    case commandLine
    /// An environment variable set beside the credentials.
    case environment(String)
    /// A file of the repository, such as the registry's `remote-settings: server:`.
    case file(String)

    public var description: String {
        switch self {
        case .commandLine: "--remote"
        case .environment(let variable): "$\(variable)"
        case .file(let path): path
        }
    }

    /// Whether a repository's file named it, rather than the user.
    public var isFile: Bool {
        if case .file = self { true } else { false }
    }
}
