import Foundation
import Testing
import TestServers
@testable import Formats
@testable import Nimbus
import TestTraits

/// The evaluator against an independent reference written from jexl-rs's grammar and evaluator
/// (Tests/Tools/jexl-reference/jexl_reference.py): the script generates seeded random
/// expressions over a fixed context (nulls, nested objects, lists, integers and floats, strings,
/// undefined names), evaluates each itself, and this test requires the same value, or an error
/// for an error, for every one. The reference itself agreed with jexl-eval 0.4, built from
/// source, on 100,000 such expressions when it was written.
@Suite(.blocking) struct JEXLDifferentialTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/jexl-reference/jexl_reference.py").path

    static let pythonAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonTools.python, "-c", "pass"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The `length` transform both sides register, so transforms and their laziness are compared too.
    static let transforms = JEXLTransforms(["length": { subject, _ throws(JEXLError) in
        switch subject {
        case .string(let text): return .int(text.unicodeScalars.count)
        case .array(let elements): return .int(elements.count)
        default: throw .typeMismatch("length of \(subject.kindName)")
        }
    }])

    /// The form the reference prints: kinds apart (`i3` is not `f…`), floats by their bits.
    static func canonical(_ value: JSONValue) -> String {
        func hex(_ text: String) -> String { text.utf8.map { String($0, radix: 16).leftPadded(2) }.joined() }
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return "i\(int)"
        case .double(let double): return "f" + String(double.bitPattern, radix: 16).leftPadded(16)
        case .string(let text): return "s" + hex(text)
        case .array(let elements): return "[" + elements.map(canonical).joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return "{" + keys.map { hex($0) + ":" + canonical(members[$0]!) }.joined(separator: ",") + "}"
        }
    }

    static func reference(count: Int, seed: Int) throws -> (context: [String: JSONValue], cases: [(expression: String, result: String)]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonTools.python, script, "--count", String(count), "--seed", String(seed)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the reference script failed")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let context = try #require(try JSONParser.parse(lines.first ?? "").objectValue)
        let cases = try lines.dropFirst().map { line in
            let object = try #require(try JSONParser.parse(line).objectValue)
            return (try #require(object["expression"]?.stringValue), try #require(object["result"]?.stringValue))
        }
        return (context, cases)
    }

    @Test(.enabled(if: pythonAvailable, "needs python3 for the reference evaluator"))
    func agreesWithTheReferenceOnGeneratedExpressions() throws {
        let (context, cases) = try Self.reference(count: 6_000, seed: 18)
        #expect(cases.count == 6_000)
        var errors = 0
        var disagreements: [String] = []
        for (expression, expected) in cases {
            let ours: String
            do {
                ours = Self.canonical(try JEXLExpression(parse: expression).evaluate(in: context, transforms: Self.transforms))
            } catch {
                ours = "error"
                errors += 1
            }
            if ours != expected { disagreements.append("`\(expression)`: reference \(expected), ours \(ours)") }
        }
        print("JEXL differential: \(cases.count) generated expressions, \(errors) errors on both sides, \(disagreements.count) disagreements")
        #expect(disagreements.isEmpty, "first disagreement: \(disagreements.first ?? "")")
        // The generator reaches values of every kind and errors, not just one outcome.
        #expect(errors > 500 && errors < 4_000)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
