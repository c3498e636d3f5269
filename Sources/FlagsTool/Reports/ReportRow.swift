/// One run as the JUnit and HTML reports show it: a matrix's combination or a bisection's
/// state, its settings (`dimension`, `value`), how it ended, its time and its output.
///
/// ```swift
/// ReportRow(settings: [("tipJar", "on"), ("reviews", "off")], outcome: .failed("exit 1"), seconds: 0.4).name
/// // "tipJar=on,reviews=off"
/// ```
public struct ReportRow: Sendable {
    public var settings: [(dimension: String, value: String)]
    public var outcome: RunOutcome
    public var seconds: Double
    /// What the command printed (for a failure: its failed run's).
    public var output: String
    /// The row's name in a report; its settings joined when not given.
    public var name: String

    public init(name: String? = nil, settings: [(dimension: String, value: String)], outcome: RunOutcome, seconds: Double, output: String = "") {
        self.settings = settings
        self.outcome = outcome
        self.seconds = seconds
        self.output = output
        self.name = name ?? (settings.isEmpty ? "(nothing set)" : settings.map { "\($0.dimension)=\($0.value)" }.joined(separator: ","))
    }
}
