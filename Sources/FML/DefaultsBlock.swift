import Platform
import Formats

/// One `{channel | channels, value}` block of a `defaults` list (or of a variable's `default`
/// written per channel), read and checked.
///
/// Blocks apply in file order; a block naming no channel applies to every channel; later blocks
/// deep-merge over earlier ones. A block with `targeting` is read but not applied, as the Nimbus
/// FML tool does: targeted defaults are evaluated by nothing yet.
struct DefaultsBlock: Sendable {
    /// The fields, held by reference: a block passes through the loader's stages and loops,
    /// and each copy of its fields was four reference counts.
    private final class Fields: Sendable {
        let channels: [String]?
        let value: JSONValue
        let valueIsNull: Bool
        let valueMark: YAMLMark
        let hasTargeting: Bool

        init(channels: [String]?, value: JSONValue, valueIsNull: Bool, valueMark: YAMLMark, hasTargeting: Bool) {
            self.channels = channels
            self.value = value
            self.valueIsNull = valueIsNull
            self.valueMark = valueMark
            self.hasTargeting = hasTargeting
        }
    }

    private let fields: Fields
    /// The `value:` node, for the checks that point into it; nil once `detach()`ed.
    private var node: YAMLNode?

    /// nil: every channel.
    var channels: [String]? { fields.channels }
    var value: JSONValue { fields.value }
    /// Whether `value:` is written as null (then the block changes nothing), and where.
    var valueIsNull: Bool { fields.valueIsNull }
    var valueMark: YAMLMark { fields.valueMark }
    var hasTargeting: Bool { fields.hasTargeting }

    /// The `value:` node; only the checks made before a block is detached read it.
    var valueNode: YAMLNode { node! }

    /// Lets go of the node, so that the file's document it points into can be freed once every
    /// check that points into it is made.
    mutating func detach() {
        node = nil
    }

    /// The keys a block may have.
    private enum Key: String, CaseIterable {
        case channel, channels, value, targeting

        /// The key `node` is, compared on its bytes; nil for any other.
        init?(_ node: YAMLNode) {
            // Spelled out rather than searched in `allCases`, which makes an array each time.
            if node.hasText("channel") { self = .channel }
            else if node.hasText("channels") { self = .channels }
            else if node.hasText("value") { self = .value }
            else if node.hasText("targeting") { self = .targeting }
            else { return nil }
        }
    }

    func applies(to channel: String) -> Bool {
        !hasTargeting && (channels?.contains(channel) ?? true)
    }

    /// True when `node` is a sequence of block-shaped mappings (each has `value` and only block
    /// keys), i.e. a variable default written per channel rather than a literal list.
    static func isBlockList(_ node: YAMLNode) -> Bool {
        guard let items = node.items, !items.isEmpty else { return false }
        return items.allSatisfy { item in
            var hasValue = false, onlyBlockKeys = true
            let isMapping = item.forEachEntry { key, _ in
                let known = Key(key)
                hasValue = hasValue || known == .value
                onlyBlockKeys = onlyBlockKeys && known != nil
            }
            return isMapping && hasValue && onlyBlockKeys
        }
    }

    /// The blocks that apply to `channel` merged in order, or nil when none applies.
    static func merged(_ blocks: [DefaultsBlock], for channel: String) -> JSONValue? {
        blocks.filter { $0.applies(to: channel) }.reduce(nil) { merged, block in
            merged.map { $0.merging(block.value) } ?? block.value
        }
    }

    /// What the blocks that apply to `channel` lay over a feature's value: merged together first,
    /// in order, as nimbus-fml does; a block whose `value:` is null changes nothing.
    static func overrides(_ blocks: [DefaultsBlock], for channel: String) -> JSONValue {
        var overrides = JSONValue.object([:])
        for block in blocks where block.applies(to: channel) && !block.valueIsNull {
            overrides = overrides.merging(block.value)
        }
        return overrides
    }

    /// The blocks that name no channel merged in order, or nil when there are none.
    static func mergedForEveryChannel(_ blocks: [DefaultsBlock]) -> JSONValue? {
        blocks.filter { $0.channels == nil && !$0.hasTargeting }.reduce(nil) { merged, block in
            merged.map { $0.merging(block.value) } ?? block.value
        }
    }

    /// Reads a block; `knownChannels` are the manifest's channels, `context` names the owner for
    /// messages ("feature 'x'").
    init(_ node: YAMLNode, knownChannels: [String], context: @autoclosure () -> String) throws(ManifestError) {
        guard node.isMapping else {
            throw ManifestError(at: node.mark, "expected a defaults block {channel, value} in \(context()), found a \(node.kindName)")
        }
        var channels: [String] = []
        var value: YAMLNode?
        var hasTargeting = false
        try node.forEachEntry { (key, entryValue) throws(ManifestError) in
            switch Key(key) {
            case .channel:
                guard let text = entryValue.string else {
                    throw ManifestError(at: entryValue.mark, "expected 'channel' in \(context()) to be a string, found a \(entryValue.kindName)")
                }
                // Upstream accepts "beta, developer" in one string; most name one channel.
                let names = text.utf8.contains(UInt8(ascii: ",")) ? text.split(separator: ",") : [Substring(text)]
                for name in names {
                    let name = Self.trimmed(name)
                    guard !name.isEmpty else { continue }
                    try Self.check(name, at: entryValue, knownChannels: knownChannels, context: context())
                    channels.append(name)
                }
            case .channels:
                guard let items = entryValue.items else {
                    throw ManifestError(at: entryValue.mark, "expected 'channels' in \(context()) to be a list of channel names, found a \(entryValue.kindName)")
                }
                for item in items {
                    guard let name = item.string else {
                        throw ManifestError(at: item.mark, "expected a channel name in \(context()), found a \(item.kindName)")
                    }
                    try Self.check(name, at: item, knownChannels: knownChannels, context: context())
                    channels.append(name)
                }
            case .value:
                value = entryValue
            case .targeting:
                hasTargeting = true
            case nil:
                throw ManifestError(at: key.mark, "unknown key '\(key.string ?? "")' in a defaults block of \(context()); expected one of: \(Key.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        guard let value else {
            throw ManifestError(at: node.mark, "missing 'value' in a defaults block of \(context())")
        }
        fields = Fields(channels: channels.isEmpty ? nil : channels, value: value.jsonValue, valueIsNull: value.isNull,
                        valueMark: value.mark, hasTargeting: hasTargeting)
        self.node = value
    }

    /// `node` is where the name is written; its mark is made only for the message.
    private static func check(_ name: String, at node: YAMLNode, knownChannels: [String], context: @autoclosure () -> String) throws(ManifestError) {
        guard knownChannels.contains(name) else {
            throw ManifestError(at: node.mark, "unknown channel '\(name)' in \(context()); expected one of: \(knownChannels.joined(separator: ", "))")
        }
    }

    /// `name` without the spaces and tabs around it; a name with none is taken as it is.
    private static func trimmed(_ name: Substring) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if let first = name.utf8.first, let last = name.utf8.last, !isSpace(first), !isSpace(last), first < 0x80, last < 0x80 {
            return String(name)
        }
        return name.trimmingSpaces()
    }
}
