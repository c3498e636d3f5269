import Foundation
import Testing
@testable import Formats

@Suite struct YAMLReaderTests {
    @Test func mappingsKeepKeyOrderAndMarks() throws {
        let root = try YAMLReader.read(string: "---\nzeta: 1\nalpha:\n  - x\n  - 'y'\n", name: "order.yaml")
        #expect(root.keys == ["zeta", "alpha"])
        let alpha = try #require(root["alpha"])
        #expect(alpha.mark == YAMLMark(file: "order.yaml", line: 4, column: 3))
        #expect(alpha.items?.count == 2)
        #expect(alpha.items?[1].content == .scalar("y", style: .singleQuoted, tag: nil))
        #expect(root.entries?.first?.key.mark.line == 2)
    }

    @Test func anchorsAndAliasesAreResolved() throws {
        let root = try YAMLReader.read(string: "base: &b {a: 1, b: [true]}\ncopy: *b\n", name: "a.yaml")
        #expect(root["copy"]?.jsonValue == root["base"]?.jsonValue)
        #expect(root["copy"]?.jsonValue == .object(["a": .int(1), "b": .array([.bool(true)])]))
    }

    @Test func unknownAliasIsAnError() {
        #expect(throws: YAMLError(file: "a.yaml", line: 2, column: 4, message: "unknown alias '*nope': no anchor '&nope' precedes it")) {
            try YAMLReader.read(string: "a: 1\nb: *nope\n", name: "a.yaml")
        }
    }

    @Test func duplicateKeysAreAnError() throws {
        let error = try #require(throws: YAMLError.self) {
            try YAMLReader.read(string: "a: 1\nb: 2\na: 3\n", name: "dup.yaml")
        }
        #expect(error.description == "dup.yaml:3:1: duplicate key 'a' (first defined at line 1, column 1)")
    }

    /// A mapping of many keys (a registry's `flags:`) finds duplicates by hash rather than by
    /// comparing each key in turn: the same error, naming the first of the two, and keys that
    /// merely share a hash or a length are not duplicates.
    @Test func duplicateKeysInALargeMappingAreAnError() throws {
        let keys = (0..<40).map { "flag\($0)" }
        let loaded = try YAMLReader.read(string: keys.map { "\($0): 1\n" }.joined(), name: "many.yaml")
        #expect(loaded.keys == keys)
        let error = try #require(throws: YAMLError.self) {
            try YAMLReader.read(string: (keys + ["flag17"]).map { "\($0): 1\n" }.joined(), name: "many.yaml")
        }
        #expect(error.description == "many.yaml:41:1: duplicate key 'flag17' (first defined at line 18, column 1)")
    }

    /// The table of a mapping's keys grows many times over a registry's thousands of flags:
    /// after every growth each key is still found, wherever it was first written.
    @Test func aDuplicateIsFoundAfterTheKeyTableHasGrownManyTimes() throws {
        let keys = (0..<5_000).map { "flag\($0)" }
        let text = keys.map { "\($0): 1\n" }.joined()
        #expect(try YAMLReader.read(string: text, name: "many.yaml").keys.count == 5_000)
        for first in [0, 17, 2_500, 4_999] {
            let error = try #require(throws: YAMLError.self) {
                try YAMLReader.read(string: text + "flag\(first): 2\n", name: "many.yaml")
            }
            #expect(error.description == "many.yaml:5001:1: duplicate key 'flag\(first)' (first defined at line \(first + 1), column 1)")
        }
    }

    /// Open collections nest: each keeps its own anchor and, once it has many keys, its own
    /// table of them, so an inner large mapping that has ended neither hides nor invents a
    /// duplicate in the mapping around it, and each alias gets the collection it names.
    @Test func nestedAnchorsAndLargeMappingsKeepToTheirOwnCollection() throws {
        let inner = (0..<12).map { "  k\($0): \($0)\n" }.joined()
        let outerBefore = (0..<10).map { "a\($0): 1\n" }.joined()
        let text = "outer: &o\n  list: &l [1, 2]\n  name: x\n" + outerBefore + "big: &big\n" + inner
            + "k0: top\nbigCopy: *big\nlistCopy: *l\nouterCopy: *o\n"
        let root = try YAMLReader.read(string: text, name: "nest.yaml")
        #expect(root["k0"]?.string == "top")
        #expect(root["bigCopy"]?.jsonValue == root["big"]?.jsonValue)
        #expect(root["bigCopy"]?["k11"]?.jsonValue == .int(11))
        #expect(root["listCopy"]?.jsonValue == .array([.int(1), .int(2)]))
        #expect(root["outerCopy"]?.jsonValue == .object(["list": .array([.int(1), .int(2)]), "name": .string("x")]))
        let error = try #require(throws: YAMLError.self) {
            try YAMLReader.read(string: outerBefore + "big:\n" + inner + "a3: again\n", name: "nest.yaml")
        }
        #expect(error.description == "nest.yaml:24:1: duplicate key 'a3' (first defined at line 4, column 1)")
    }

    @Test func syntaxErrorNamesFileLineAndColumn() throws {
        let error = try #require(throws: YAMLError.self) {
            try YAMLReader.read(string: "a: 1\nb: [1, 2\nc: 3\n", name: "bad.yaml")
        }
        #expect(error.file == "bad.yaml")
        #expect(error.line == 3)
        #expect(error.description.hasPrefix("bad.yaml:3:"))
    }

    @Test func secondDocumentIsAnError() throws {
        let error = try #require(throws: YAMLError.self) {
            try YAMLReader.read(string: "a: 1\n---\nb: 2\n", name: "two.yaml")
        }
        #expect(error.line == 2)
    }

    @Test func emptyStreamIsNull() throws {
        #expect(try YAMLReader.read(string: "", name: "empty.yaml").jsonValue == .null)
        #expect(try YAMLReader.read(string: "# only a comment\n", name: "c.yaml").isNull)
    }

    @Test func readsFilesAndReportsMissingOnes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f.yaml").path
        try "key: value\n".write(toFile: path, atomically: true, encoding: .utf8)
        let root = try YAMLReader.read(path: path)
        #expect(root["key"]?.mark.file == path)
        #expect(root["key"]?.string == "value")

        let missing = directory.appendingPathComponent("missing.yaml").path
        let error = try #require(throws: YAMLError.self) { try YAMLReader.read(path: missing) }
        #expect(error.description == "\(missing):1:1: cannot read file: no such file")
    }
}
