/// A test server could not be started or used; the message says why.
struct TestServerError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
