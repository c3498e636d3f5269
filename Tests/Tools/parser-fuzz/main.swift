// parser-fuzz: the full fuzz run of the manifest, registry and experiments loaders, built in
// release by `.ci/fuzz` (the test suite runs a smaller count in debug).
//
//   parser-fuzz [--inputs N] [--seed S] [--start K] [--firefox FOLDER]
//
// Prints the count of inputs and errors per kind and the slowest input; exits 1 when any input
// was mishandled, after saving each failing input next to the report's message.
import Foundation
import ParserFuzzing

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: parser-fuzz [--inputs N] [--seed S] [--start K] [--firefox FOLDER]\n".utf8))
        exit(2)
    }
    options[String(name.dropFirst(2))] = value
}
let inputs = options["inputs"].flatMap(Int.init) ?? 100_000
let seed = options["seed"].flatMap(UInt64.init) ?? 1
let start = options["start"].flatMap(Int.init) ?? 0

let fuzzer = try ParserFuzzer(firefoxFolder: options["firefox"])
if let missing = fuzzer.missingCorpus { print("parser-fuzz: note: \(missing)") }
print("parser-fuzz: \(inputs) inputs from #\(start), seed \(seed), \(fuzzer.fileCount) corpus files in \(fuzzer.folder)")
let report = fuzzer.run(inputs: inputs, seed: seed, start: start)
// A top-level value is never released before exit, so its deinit would not remove the corpus.
fuzzer.removeCorpus()
print(report.summary)
if !report.failures.isEmpty {
    let saved = FileManager.default.currentDirectoryPath + "/parser-fuzz-failures"
    try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
    for failure in report.failures.prefix(50) {
        let path = "\(saved)/\(failure.kind.rawValue)-\(failure.index)-\(URL(fileURLWithPath: failure.file).lastPathComponent)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(failure.input))
        print("FAIL \(failure)\n  input saved to \(path)")
    }
    exit(1)
}
