import Formats

/// A feature's complete default value for each channel of its manifest.
///
/// The channels are the manifest's list, shared by every feature, and the values sit beside
/// them by position: a manifest has a handful of channels, so finding one by comparing names
/// costs less than hashing it, and a feature's values cost one small array instead of a
/// dictionary (100,000 features held 23 MB of those).
struct ChannelDefaults: Sendable {
    let channels: [String]
    /// By position in `channels`; nil for a channel that gives the feature no value (a feature
    /// of a module no channel reaches).
    let values: [JSONValue?]

    init(channels: [String], values: [JSONValue?]) {
        precondition(channels.count == values.count, "\(values.count) values for \(channels.count) channels")
        self.channels = channels
        self.values = values
    }

    /// From channel and value pairs (a snapshot's entry), in their order.
    init(_ pairs: [(channel: String, value: JSONValue)]) {
        self.init(channels: pairs.map(\.channel), values: pairs.map(\.value))
    }

    subscript(channel: String) -> JSONValue? {
        channels.firstIndex(of: channel).flatMap { values[$0] }
    }

    /// The channels that have a value, with it, sorted by channel: the order a snapshot keeps.
    var sortedPairs: [(channel: String, value: JSONValue)] {
        zip(channels, values).compactMap { channel, value in value.map { (channel, $0) } }.sorted { $0.channel < $1.channel }
    }
}
