import Formats

/// A feature's complete default value for each channel of its manifest.
///
/// The channels are the manifest's list, shared by every feature, and the values sit beside
/// them by position: a manifest has a handful of channels, so finding one by comparing names
/// costs less than hashing it, and a feature's values cost one small array instead of a
/// dictionary.
///
/// Most features' values are their variables' defaults with the `defaults` blocks of the
/// channel merged over them, a merge that cannot fail: those are kept as that recipe and merged
/// when a channel is asked for. Holding every channel's merged value of 100,000 features was
/// 45 MB, and a command asks for one channel.
struct ChannelDefaults: Sendable {
    let channels: [String]
    private let storage: Storage

    private enum Storage: Sendable {
        /// By position in `channels`; nil for a channel that gives the feature no value (a
        /// feature of a module no channel reaches).
        case values([JSONValue?])
        /// The variables' literal defaults, then the blocks that apply to the channel.
        case merged(variables: [VariableDefinition], blocks: [DefaultsBlock])
    }

    init(channels: [String], values: [JSONValue?]) {
        precondition(channels.count == values.count, "\(values.count) values for \(channels.count) channels")
        self.channels = channels
        storage = .values(values)
    }

    /// Values merged when asked for: `blocks` must not hold a node (`DefaultsBlock.detach()`),
    /// and completing the merge must change nothing (no variable's type holds an object).
    init(channels: [String], variables: [VariableDefinition], blocks: [DefaultsBlock]) {
        self.channels = channels
        storage = .merged(variables: variables, blocks: blocks)
    }

    /// From channel and value pairs (a snapshot's entry), in their order.
    init(_ pairs: [(channel: String, value: JSONValue)]) {
        self.init(channels: pairs.map(\.channel), values: pairs.map(\.value))
    }

    subscript(channel: String) -> JSONValue? {
        channels.firstIndex(of: channel).flatMap { self[slot: $0] }
    }

    subscript(channel: String, variable variable: String) -> JSONValue? {
        channels.firstIndex(of: channel).flatMap { self[slot: $0, variable: variable] }
    }

    /// The value of the channel at `slot` of `channels`.
    subscript(slot slot: Int) -> JSONValue? {
        switch storage {
        case .values(let values): values[slot]
        case .merged(let variables, let blocks): Self.value(base: Self.literalDefaults(of: variables), blocks: blocks, channel: channels[slot])
        }
    }

    /// One variable of the value of the channel at `slot`: `self[slot: slot]?[variable]`,
    /// without merging the other variables. A listing asks each flag's feature for the one
    /// variable the flag reads, and merging every variable's default into a dictionary first
    /// was most of what that cost.
    subscript(slot slot: Int, variable variable: String) -> JSONValue? {
        switch storage {
        case .values(let values):
            return values[slot]?[variable]
        case .merged(let variables, let blocks):
            // The blocks' values are mappings (checked when read), so merging them key by key
            // and keeping this key is the same as merging them whole and reading it.
            let channel = channels[slot]
            var override: JSONValue?
            for block in blocks where block.applies(to: channel) && !block.valueIsNull {
                guard let value = block.value[variable] else { continue }
                override = override.map { $0.merging(value) } ?? value
            }
            let base = variables.first { $0.name == variable }?.defaultValue
            guard let override else { return base }
            return base.map { $0.merging(override) } ?? override
        }
    }

    /// The channels that have a value, with it, sorted by channel: the order a snapshot keeps.
    var sortedPairs: [(channel: String, value: JSONValue)] {
        channels.indices.compactMap { slot in self[slot: slot].map { (channels[slot], $0) } }.sorted { $0.channel < $1.channel }
    }

    /// Each variable's own default, by name.
    static func literalDefaults(of variables: [VariableDefinition]) -> [String: JSONValue] {
        var base: [String: JSONValue] = Dictionary(minimumCapacity: variables.count)
        for variable in variables { base[variable.name] = variable.defaultValue }
        return base
    }

    /// `base` with the blocks that apply to `channel` merged over it.
    static func value(base: [String: JSONValue], blocks: [DefaultsBlock], channel: String) -> JSONValue {
        JSONValue.object(base).merging(DefaultsBlock.overrides(blocks, for: channel))
    }
}
