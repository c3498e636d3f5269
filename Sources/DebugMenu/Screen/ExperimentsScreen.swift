#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The Experiments screen drawn over the rows (`e` in the menu): every experiment and rollout
/// of the evaluation with this client's status and the reason for it, then, one level down, a
/// record's branches (their ratios and feature values, the enrolled and the forced one marked),
/// or the whole record as indented JSON.
///
/// Three levels, Esc going back one: the list (Enter opens the selected record's branches, `r`
/// its JSON), the branches (Enter forces the selected branch), the record (it scrolls). `x`
/// asks to remove the record's forced branch on the list and the branches. The screen only reads:
/// the controller fills it from the evaluation (`FeatureFlagsDebugViewController`) and carries
/// out the `MenuAction`s that `ScreenModel` returns for it, then gives it fresh items with
/// `replaceItems(_:problems:)`, which keeps the level, the record and the branch selected.
///
/// ```swift
/// model.showExperiments(ExperimentsScreen(items: items, selecting: "new-menu-test"))
/// model.handle(.enter)   // the branches of new-menu-test
/// model.handle(.enter)   // .forceBranch(slug: "new-menu-test", branch: "control")
/// ```
public struct ExperimentsScreen: Equatable, Hashable, Sendable {
    /// One record of the evaluation, or one that could not be read.
    public struct Item: Equatable, Hashable, Sendable {
        /// What the record is.
        public enum Kind: String, Equatable, Hashable, Sendable {
            case experiment, rollout
            /// A record that could not be read: it has a reason, no branches and no JSON.
            case skipped
        }

        /// This client's status in the record, as the list's status column names it.
        public enum Status: Equatable, Hashable, Sendable {
            case enrolled(branch: String)
            /// Enrolled in a branch a developer forced.
            case forced(branch: String)
            case notEnrolled
            case error
            case skipped
        }

        /// The record's slug (a skipped record's name: its slug, else `record #N`).
        public var slug: String
        public var kind: Kind
        public var status: Status
        /// The branch forced for this record in the store, whether or not this evaluation
        /// honored it (a release preview does not).
        public var forcedBranch: String?
        /// Why the client has this status: `NimbusExperiments.explanation(of:)`, or why the
        /// record was skipped.
        public var reason: String
        public var branches: [Branch]
        /// The whole record as indented JSON, one line each (empty for a skipped record).
        public var recordLines: [String]

        public init(slug: String, kind: Kind, status: Status, forcedBranch: String? = nil, reason: String,
                    branches: [Branch] = [], recordLines: [String] = []) {
            self.slug = slug
            self.kind = kind
            self.status = status
            self.forcedBranch = forcedBranch
            self.reason = reason
            self.branches = branches
            self.recordLines = recordLines
        }

        /// The status in a few words: "enrolled in treatment", "forced: treatment", "not
        /// enrolled", "error", "skipped".
        public var statusText: String {
            switch status {
            case .enrolled(let branch): "enrolled in \(branch)"
            case .forced(let branch): "forced: \(branch)"
            case .notEnrolled: forcedBranch.map { "not enrolled (\($0) forced)" } ?? "not enrolled"
            case .error: "error"
            case .skipped: "skipped"
            }
        }
    }

    /// One branch of a record.
    public struct Branch: Equatable, Hashable, Sendable {
        /// The value one branch gives one feature, as compact JSON text.
        public struct FeatureValue: Equatable, Hashable, Sendable {
            public var featureId: String
            public var json: String

            public init(featureId: String, json: String) {
                self.featureId = featureId
                self.json = json
            }
        }

        public var slug: String
        public var ratio: Int
        /// The branch's share of the enrolled clients, in percent of the record's ratios.
        public var percent: Int
        public var features: [FeatureValue]
        /// Whether this client is enrolled in it.
        public var isEnrolled: Bool
        /// Whether it is the record's forced branch in the store.
        public var isForced: Bool

        public init(slug: String, ratio: Int, percent: Int, features: [FeatureValue], isEnrolled: Bool, isForced: Bool) {
            self.slug = slug
            self.ratio = ratio
            self.percent = percent
            self.features = features
            self.isEnrolled = isEnrolled
            self.isForced = isForced
        }
    }

    /// Which part of the screen is shown.
    public enum Level: Equatable, Hashable, Sendable {
        /// Every record.
        case list
        /// The selected record's branches.
        case branches
        /// The selected record as JSON.
        case record
    }

    /// What the list shows when the app has no records.
    public static let emptyText = "no experiment records: name a file or server with `experiments:` in the registry, or pass --experiments FILE"

    /// Lines of the list level's drawing that are not records: its title and the reason of the
    /// selected record (a rule and up to this many lines), below the records.
    public static let reasonLines = 4

    /// How many records the list shows in a viewport `height` lines high, with `problemCount`
    /// sentences about forced branches above them (what `ScreenLayout` draws, and the model pages by).
    public static func listRoom(height: Int, problemCount: Int) -> Int {
        max(1, height - 1 - problemCount - 1 - reasonLines)
    }

    /// The records, in the evaluation's order, skipped ones last.
    public private(set) var items: [Item]
    /// Sentences about forced branches that could not apply (`NimbusExperiments.overrideProblems`).
    public private(set) var problems: [String]
    public private(set) var level: Level = .list
    /// The index of the selected record; nil when there is none.
    public private(set) var selection: Int?
    /// The index of the selected branch of the selected record.
    public private(set) var branchSelection = 0
    /// The first record shown in the list.
    public private(set) var scrollOffset = 0
    /// The first line of the JSON shown at `.record`.
    public private(set) var recordScrollOffset = 0

    /// A screen listing `items`, with the record `slug` selected (else the first).
    public init(items: [Item], problems: [String] = [], selecting slug: String? = nil) {
        self.items = items
        self.problems = problems
        selection = items.isEmpty ? nil : slug.flatMap { slug in items.firstIndex { $0.slug == slug } } ?? 0
    }

    /// The selected record, if any.
    public var selectedItem: Item? {
        selection.map { items[$0] }
    }

    /// The selected branch, at the branches level.
    public var selectedBranch: Branch? {
        guard level == .branches, let item = selectedItem, item.branches.indices.contains(branchSelection) else { return nil }
        return item.branches[branchSelection]
    }

    // MARK: - Moving

    /// Moves the selection (a record, a branch) by `delta`, or scrolls the JSON by `delta` lines
    /// (`room` of them fit), stopping at both ends.
    public mutating func move(by delta: Int, room: Int) {
        switch level {
        case .list:
            guard let current = selection else { return }
            selection = min(max(current + delta, 0), items.count - 1)
            keepSelectionVisible(room: room)
        case .branches:
            guard let item = selectedItem, !item.branches.isEmpty else { return }
            branchSelection = min(max(branchSelection + delta, 0), item.branches.count - 1)
        case .record:
            let count = selectedItem?.recordLines.count ?? 0
            recordScrollOffset = min(max(recordScrollOffset + delta, 0), max(0, count - max(1, room)))
        }
    }

    /// Goes to the first (`toEnd` false) or the last record, branch or line.
    public mutating func jump(toEnd: Bool, room: Int) {
        move(by: toEnd ? Int.max / 2 : -(Int.max / 2), room: room)
    }

    /// Keeps the selected record among the `room` list lines shown.
    private mutating func keepSelectionVisible(room: Int) {
        guard let current = selection else { return }
        if current < scrollOffset { scrollOffset = current }
        if current >= scrollOffset + max(1, room) { scrollOffset = current - max(1, room) + 1 }
    }

    // MARK: - Levels

    /// Opens the selected record's branches; false (nothing changes) for a skipped record.
    public mutating func openBranches() -> Bool {
        guard level == .list, let item = selectedItem, !item.branches.isEmpty else { return false }
        level = .branches
        // The forced branch first, else the enrolled one: what a developer is likely to change.
        branchSelection = item.branches.firstIndex(where: \.isForced) ?? item.branches.firstIndex(where: \.isEnrolled) ?? 0
        return true
    }

    /// Shows the selected record's JSON; false for a skipped record, which has none.
    public mutating func openRecord() -> Bool {
        guard level != .record, let item = selectedItem, !item.recordLines.isEmpty else { return false }
        level = .record
        recordScrollOffset = 0
        return true
    }

    /// Goes back one level; false at the list, which Esc closes.
    public mutating func back() -> Bool {
        switch level {
        case .list:
            return false
        case .branches, .record:
            level = .list
        }
        return true
    }

    /// Replaces the items after an evaluation (a force, an undo, another process), keeping the
    /// level, the record selected (by slug) and its branch (by slug).
    public mutating func replaceItems(_ newItems: [Item], problems newProblems: [String]) {
        let slug = selectedItem?.slug
        let branch = selectedBranch?.slug
        items = newItems
        problems = newProblems
        selection = items.isEmpty ? nil : slug.flatMap { slug in items.firstIndex { $0.slug == slug } } ?? min(selection ?? 0, items.count - 1)
        guard let item = selectedItem else {
            level = .list
            return
        }
        switch level {
        case .list:
            break
        case .branches:
            if item.branches.isEmpty { level = .list }
            branchSelection = branch.flatMap { branch in item.branches.firstIndex { $0.slug == branch } }
                ?? min(branchSelection, max(0, item.branches.count - 1))
        case .record:
            if item.recordLines.isEmpty { level = .list }
            recordScrollOffset = min(recordScrollOffset, max(0, item.recordLines.count - 1))
        }
    }
}
#endif
