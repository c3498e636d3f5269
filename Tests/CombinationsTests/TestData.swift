import Combinations
import Foundation

/// The models and figures under `Data/` (excluded from the target, read by path), and PICT's own
/// test models when a PICT checkout is at hand.
enum TestData {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data").path

    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    /// The `test` folder of a PICT checkout: `$PICT_SOURCE/test`, else `pict-src/test` beside the
    /// package (where the row counts were measured). PICT's models are read from there, never copied.
    static let pictTests: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates: [String?] = [ProcessInfo.processInfo.environment["PICT_SOURCE"], root.deletingLastPathComponent().appendingPathComponent("pict-src").path]
        return candidates.compactMap { $0 }.map { $0 + "/test" }.first { FileManager.default.fileExists(atPath: $0 + "/cons") }
    }()

    /// A model read as PICT reads it.
    static func model(_ text: String, strength: Int? = nil, caseSensitive: Bool = false) throws -> CombinationModel {
        var parser = ModelParser(options: .init(isCaseSensitive: caseSensitive))
        var model = try parser.parse(text)
        if let strength { model.strength = strength }
        return model
    }

    /// `3^4 2^2`: parameters P1, P2, … with values 0 …, as the classic covering-array sizes are written.
    static func uniform(_ spec: String, strength: Int = 2) -> CombinationModel {
        var parameters: [Parameter] = []
        for part in spec.split(separator: " ") {
            let numbers = part.split(separator: "^").map { Int($0)! }
            for _ in 0..<numbers[1] {
                parameters.append(Parameter(name: "P\(parameters.count + 1)", values: (0..<numbers[0]).map(String.init)))
            }
        }
        return CombinationModel(parameters: parameters, strength: strength)
    }

    /// One line of `pict-row-counts.tsv`.
    struct Count: CustomStringConvertible, Sendable {
        var model: String
        var strength: Int
        var options: String
        var pictRows: Int
        var bestKnown: Int?
        var note: String

        var description: String { "\(model) at strength \(strength)\(options.isEmpty ? "" : " " + options)" }

        /// The model this line names, or `nil` when it is one of PICT's and no checkout is at hand.
        func load() throws -> CombinationModel? {
            var model: CombinationModel
            var options = ModelParser.Options()
            if self.options.contains("/c") { options.isCaseSensitive = true }
            var parser = ModelParser(options: options)
            if self.model.hasPrefix("uniform ") {
                model = TestData.uniform(String(self.model.dropFirst("uniform ".count)))
            } else if self.model.hasPrefix("models/") {
                model = try parser.parse(try TestData.text(self.model), file: self.model)
            } else if self.model.hasPrefix("pict:"), let tests = TestData.pictTests {
                let path = String(self.model.dropFirst("pict:".count))
                model = try parser.parse(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: tests + "/" + path))), file: path)
                if let seeds = self.options.split(separator: " ").first(where: { $0.hasPrefix("/e:") }) {
                    var seedParser = SeedParser(options: options)
                    let file = String(seeds.dropFirst(3))
                    model.seeds = try seedParser.parse(try String(contentsOfFile: tests + "/" + file, encoding: .utf8), file: file, for: model)
                }
            } else {
                return nil
            }
            model.strength = strength
            return model
        }
    }

    static func counts() throws -> [Count] {
        try text("pict-row-counts.tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) + ["", "", ""]
            return Count(model: cells[0], strength: Int(cells[1])!, options: cells[2], pictRows: Int(cells[3])!, bestKnown: Int(cells[4]), note: cells[5])
        }
    }
}
