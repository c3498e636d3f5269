import Synchronization

/// A JSON value held whole, or decoded from its block of a snapshot the first time it is read
/// (and kept). What a snapshot's readers rarely need, such as an experiment record's full text,
/// costs nothing until someone asks for it.
///
/// ```swift
/// let whole = DeferredJSON(.object(["slug": .string("a")]))
/// let later = DeferredJSON(block: try reader.readBlock())   // written with writeBlock { $0.write(value) }
/// later.value
/// ```
public final class DeferredJSON: Sendable {
    private let state: Mutex<(value: JSONValue?, block: SnapshotReader?)>

    public init(_ value: JSONValue) {
        state = Mutex((value, nil))
    }

    /// A value to be read from `block`, which holds exactly one `SnapshotWriter.write(_: JSONValue)`.
    public init(block: SnapshotReader) {
        state = Mutex((nil, block))
    }

    public var value: JSONValue {
        state.withLock { state in
            if let value = state.value { return value }
            // A block that does not decode cannot happen to a snapshot whose checksum matched;
            // if it does, the value reads as null rather than taking the process down.
            var block = state.block!
            let value = (try? block.readJSON()).flatMap { block.isAtEnd ? $0 : nil } ?? .null
            state = (value, nil)
            return value
        }
    }
}
