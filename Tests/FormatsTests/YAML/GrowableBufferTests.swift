#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Formats

@Suite struct GrowableBufferTests {
    @Test func growsPastItsCapacityKeepingEveryElement() {
        var buffer = GrowableBuffer<Int32>(capacity: 1)
        for value in 0..<10_000 { buffer.append(Int32(value)) }
        #expect(buffer.count == 10_000)
        #expect(buffer[0] == 0 && buffer[9_999] == 9_999)
        let taken = buffer.take()
        defer { free(UnsafeMutableRawPointer(mutating: taken.baseAddress)) }
        #expect(Array(taken) == (0..<10_000).map(Int32.init))
    }

    @Test func appendsRunsLongerThanItsCapacity() {
        var buffer = GrowableBuffer<UInt8>(capacity: 4)
        let bytes = Array("a longer run than the capacity".utf8)
        bytes.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: "!"))
        #expect(Array(buffer.elements) == bytes + [UInt8(ascii: "!")])
        let taken = buffer.take()
        defer { free(UnsafeMutableRawPointer(mutating: taken.baseAddress)) }
        #expect(String(decoding: taken, as: UTF8.self) == "a longer run than the capacity!")
    }

    @Test func aCopyHoldsTheArray() {
        let taken = GrowableBuffer(copying: [Int32(3), 1, 2]).take()
        defer { free(UnsafeMutableRawPointer(mutating: taken.baseAddress)) }
        #expect(Array(taken) == [3, 1, 2])
    }

    @Test func anEmptyBufferHandsOverNothing() {
        let taken = GrowableBuffer<Int32>(capacity: 0).take()
        defer { free(UnsafeMutableRawPointer(mutating: taken.baseAddress)) }
        #expect(taken.isEmpty)
    }
}
