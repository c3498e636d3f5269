#if canImport(Glibc)
import Glibc
#endif

/// A run of plain values that grows in place with `realloc` and is then handed whole to a
/// `YAMLDocument`, which frees it.
///
/// A large manifest's document is millions of records. An array that doubles copies them and
/// holds both copies while it does, and copying the finished array into the document's own
/// buffer holds two again: at 100,000 features those copies were a fifth of a cold load's peak
/// memory. `realloc` of a large block remaps its pages instead of copying them, and an unused
/// tail reserved up front costs address space, not memory, until it is written.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    /// A buffer holding a copy of `array`, for a document made by hand.
    init(copying array: [Element]) {
        self.init(capacity: array.count)
        array.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    deinit { free(base) }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index \(index) out of a buffer of \(count)")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "index \(index) out of a buffer of \(count)")
            base[index] = newValue
        }
    }

    /// The elements written so far, valid until the next change.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    // Inlined, with the growth out of line: the tree builder appends once or twice per event.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = element
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        (base + count).update(from: source, count: elements.count)
        count += elements.count
    }

    /// Drops the elements from `index` on, keeping the room they took.
    mutating func removeSuffix(from index: Int) {
        precondition(index >= 0 && index <= count, "index \(index) out of a buffer of \(count)")
        count = index
    }

    /// The elements, in a block of exactly their size that the caller now owns and must
    /// release with `free`.
    consuming func take() -> UnsafeBufferPointer<Element> {
        let block = Self.reallocate(base, capacity: max(count, 1))
        let taken = UnsafeBufferPointer(start: block, count: count)
        discard self
        return taken
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var size = capacity
        while size < needed { size *= 2 }
        base = Self.reallocate(base, capacity: size)
        capacity = size
    }

    private static func reallocate(_ block: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<Element> {
        let bytes = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        precondition(!bytes.overflow, "a YAML buffer of \(capacity) elements")
        guard let raw = realloc(block, bytes.partialValue) else {
            fatalError("out of memory growing a YAML buffer to \(bytes.partialValue) bytes")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }
}
