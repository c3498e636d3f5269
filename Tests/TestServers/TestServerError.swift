/// A test server could not be started or used; the message says why.
public struct TestServerError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
