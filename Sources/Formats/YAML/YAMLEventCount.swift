import CYAML
import Platform

/// The floor a YAML reader is measured against: libyaml's event parser reading a file and
/// building nothing, so that the benchmark's baseline runs the same C code the reader does
/// without this module's C living anywhere else.
package enum YAMLEventCount {
    /// How many events libyaml's parser produces for the file at `path`, read as `YAMLReader`
    /// reads it (whole, at most `YAMLReader.maximumFileSize` bytes); every event is pulled and
    /// dropped.
    package static func events(path: String) throws(YAMLError) -> Int {
        var bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: YAMLReader.maximumFileSize)
        } catch {
            throw YAMLError(file: path, line: 1, column: 1, message: "cannot read file: \(error.reason)")
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(file: path, line: 1, column: 1, message: "cannot initialize the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }
        // A trailing NUL gives an empty file a valid base address, as in `YAMLReader`.
        let count = bytes.count
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> Int in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, count)
            var events = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw YAMLError(file: path, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1,
                                    message: parser.problem.map { String(cString: $0) } ?? "invalid YAML")
                }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                events += 1
                if done { return events }
            }
        }
    }
}
