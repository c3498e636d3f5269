/// `--experiments PATH` names a file that does not exist.
///
/// A typo in a path the user typed is refused at once (exit 1) rather than warned about: the
/// command would otherwise answer with manifest defaults, as if the experiments said nothing.
/// A problem with what a server sent stays a warning, answered from the offline cache.
///
/// ```swift
/// throw ExperimentsFileNotFound(path: "/app/experimnets.json")
/// ```
public struct ExperimentsFileNotFound: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var description: String {
        "\(path): no such experiments file; pass the path of a Remote Settings records file (`{\"data\": [...]}`) "
            + "or a server URL to --experiments, or omit it to use the registry's `experiments:`"
    }
}
