#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Nimbus
import Platform

/// `flags events record|list|clear`: the Nimbus event store that targeting's `eventSum`,
/// `eventLastSeen` and the other event transforms read, filled by hand for QA.
struct EventsCommand: FlagsCommand {
    static let name = "events"
    static let summary = "Record, list or clear the events that event-store targeting reads"
    static let usage = "flags events record NAME [--count N] [--at TIME] | flags events list [--json] | flags events clear [NAME]"
    static let help = """
        The Nimbus event store, kept in the app's store: what targeting such as
        `'app_launch'|eventSum('Days', 7) >= 3` or `'app_launch'|eventLastSeen('Days') < 2` reads.
        Counted exactly as the mobile SDK counts: per event, buckets of Minutes (60 kept), Hours
        (72), Days (56), Weeks (52), Months (12, of 28 days) and Years (4, of 365 days), from
        1 January 00:00 UTC of the year the event was first recorded.
          record NAME   count NAME once, now (or --count times, at --at)
          list          every event with its counts per interval, as targeting sees them now:
                        the sum, eventLastSeen's answer and the buckets, newest first
          clear [NAME]  forget NAME's counts, or every event's
        Every command run afterwards evaluates experiments with the new counts; a menu already
        open does when it next evaluates them (on previewing a channel or fetching).
        """
    static let count = ValueOption("--count", value: .text("N"), help: "record: count the event N times instead of once")
    static let at = ValueOption("--at", value: .text("TIME"), help: "record: when it happened, an ISO 8601 time (2026-11-28T09:00:00Z) or a time "
                                + "before now (-90s, -30m, -3h, -2d, -1w); never in the future (default: now)")
    static let json = FlagOption.json("list: print the events as JSON")
    static let options: [any DeclaredOption] = [count, at, json]
    static let arguments = [ArgumentSpec(.choice(["record", "list", "clear"])), ArgumentSpec(.text("NAME"))]
    static let examples = [
        CommandExample("flags events record app_launch --count 3 --at -2d", "three launches two days ago"),
        CommandExample("flags events list --json", "the counts targeting sees now, as JSON"),
    ]

    enum Action: String { case record, list, clear }

    let action: Action
    let eventName: String?
    let count: UInt64
    let at: String?
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        let countText = try arguments.value(of: Self.count, command: Self.name)
        at = try arguments.value(of: Self.at, command: Self.name)
        let words = try arguments.positionals(command: Self.name)
        guard let first = words.first, let action = Action(rawValue: first) else {
            throw .usage(words.isEmpty ? "missing the action: record, list or clear" : "unknown action '\(words[0])'\(NearestName.suggestion(for: words[0], among: ["record", "list", "clear"])); expected record, list or clear",
                         command: Self.name)
        }
        self.action = action
        switch action {
        case .record:
            guard words.count == 2 else { throw .usage("`events record` needs one event NAME", command: Self.name) }
            guard !words[1].isEmpty else { throw .usage("the event NAME cannot be empty", command: Self.name) }
            eventName = words[1]
        case .list:
            guard words.count == 1 else { throw .usage("`events list` takes no NAME", command: Self.name) }
            eventName = nil
        case .clear:
            guard words.count <= 2 else { throw .usage("`events clear` takes at most one NAME", command: Self.name) }
            eventName = words.count == 2 ? words[1] : nil
        }
        if action != .record, countText != nil || at != nil {
            throw .usage("--count and --at belong to `events record`", command: Self.name)
        }
        if action != .list, json { throw .usage("--json belongs to `events list`", command: Self.name) }
        if let countText {
            guard let count = UInt64(countText), count >= 1, count <= UInt64(Int.max) else {
                throw .usage("--count needs a whole number of at least 1, found '\(countText)'", command: Self.name)
            }
            self.count = count
        } else {
            count = 1
        }
    }

    func run(in context: CommandContext) throws {
        let events = EventStorePrefs(prefs: try context.environment().prefs)
        let now = EventInstant.now
        switch action {
        case .record:
            let name = eventName ?? ""
            let moment = try at.map { text throws(CLIError) in try EventTime.parse(text, now: now) } ?? now
            let ago = now.millisecondsSinceEpoch - moment.millisecondsSinceEpoch
            guard ago >= 0 else {
                throw CLIError.usage("--at \(at ?? "") is in the future; the event store only counts events now or in the past (use a time before now, such as -2d)",
                                     command: Self.name)
            }
            // Past the span of the longest interval it keeps, no bucket would count the event.
            let kept = Int64(EventInterval.years.defaultBucketCount) * EventInterval.years.milliseconds
            guard ago < kept else {
                throw CLIError.usage("--at \(at ?? "") is more than \(EventInterval.years.defaultBucketCount) years ago, older than any count the "
                                     + "event store keeps (its Years interval keeps \(EventInterval.years.defaultBucketCount)), so nothing would be counted",
                                     command: Self.name)
            }
            try events.record(name, count: count, ago: ago, now: now)
            context.console.print("recorded \(name) \(count == 1 ? "once" : "\(count) times") at \(Timestamp.iso8601(moment.secondsSinceEpoch))")
        case .list:
            let store = try events.load().advanced(to: now)
            if json {
                context.console.printJSON(EventsReport.json(store, now: now))
            } else if store.events.isEmpty {
                context.console.print("No events recorded: record one with `flags events record NAME`.")
            } else {
                context.console.print(EventsReport.text(store, width: context.console.outputWidth))
            }
        case .clear:
            if let name = eventName {
                guard try events.clear(name) else {
                    throw CLIError.failure("no event `\(name)` in the store \(try context.environment().storePath); `flags events list` shows the recorded ones")
                }
                context.console.print("cleared \(name)")
            } else {
                // A store it cannot read is cleared all the same: that is the way out of it.
                let count = (try? events.load())?.events.count
                try events.clear()
                context.console.print(count.map { "cleared \($0) event\($0 == 1 ? "" : "s")" } ?? "cleared the event store, which could not be read")
            }
        }
    }
}
#endif
