/// A YAML file that could not be read or parsed, or whose nodes have the wrong shape: thrown by
/// `YAMLReader` (syntax, duplicate keys, unknown aliases) and by `YAMLNode.require…`.
///
/// ```swift
/// do { _ = try YAMLReader.read(string: "a: [1", name: "x.yaml") }
/// catch let error as YAMLError { print(error) }  // x.yaml:1:6: did not find expected ',' or ']' …
/// ```
public typealias YAMLError = SourceError
