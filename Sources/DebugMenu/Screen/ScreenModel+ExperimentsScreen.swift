#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The Experiments screen (`e`): shown over the rows until Esc leaves its list, its keys
/// carried out as `MenuKeyBindings.experiments` says.
extension ScreenModel {
    /// Opens the Experiments screen over the rows (the controller's answer to `.showExperiments`).
    public mutating func showExperiments(_ screen: ExperimentsScreen) {
        changeBody { $0 = .experiments(screen) }
    }

    /// Gives the open Experiments screen the records of a new evaluation (nothing when closed).
    public mutating func replaceExperimentsItems(_ items: [ExperimentsScreen.Item], problems: [String]) {
        changeBody { body in
            guard case .experiments(var screen) = body else { return }
            screen.replaceItems(items, problems: problems)
            body = .experiments(screen)
        }
    }

    /// The slug of the selected row when it is one of the Experiments section's.
    var selectedExperimentSlug: String? {
        guard !isSelectionOnCollapsedSection, let id = selectedRow?.id, case .experiment(let slug)? = MenuRowID(rawValue: id) else {
            return nil
        }
        return slug
    }

    mutating func browseExperiments(_ command: MenuKeyCommand) -> MenuAction? {
        guard case .experiments(var screen) = mode else { return nil }
        // Every way out below keeps the moved screen, unless the command closed it.
        defer { if case .experiments = mode { mode = .experiments(screen) } }
        let room = screen.level == .list ? ExperimentsScreen.listRoom(height: viewportHeight, problemCount: screen.problems.count)
            : max(1, viewportHeight - 1)
        switch command {
        case .moveUp: screen.move(by: -1, room: room)
        case .moveDown: screen.move(by: 1, room: room)
        case .pageUp: screen.move(by: -room, room: room)
        case .pageDown: screen.move(by: room, room: room)
        case .first: screen.jump(toEnd: false, room: room)
        case .last: screen.jump(toEnd: true, room: room)
        case .accept:
            switch screen.level {
            case .list:
                guard let item = screen.selectedItem else {
                    message = "No experiment records to open."
                    return nil
                }
                if !screen.openBranches() { message = "\u{201C}\(item.slug)\u{201D} was skipped, so it has no branches: \(item.reason)" }
            case .branches:
                guard let item = screen.selectedItem, let branch = screen.selectedBranch else { return nil }
                return .forceBranch(slug: item.slug, branch: branch.slug)
            case .record:
                return nil
            }
        case .removeOverride:
            guard let item = screen.selectedItem else { return nil }
            guard item.forcedBranch != nil else {
                message = "\u{201C}\(item.slug)\u{201D} has no forced branch."
                return nil
            }
            return .removeForcedBranch(slug: item.slug)
        case .showRecord:
            if screen.level == .record {
                _ = screen.back()
            } else if let item = screen.selectedItem, !screen.openRecord() {
                message = "\u{201C}\(item.slug)\u{201D} was skipped: there is no record to show."
            }
        case .undo:
            return .undo
        case .cancel:
            if !screen.back() { mode = .rows }
        case .showExperiments:
            mode = .rows
        case .quit:
            return .quit
        default:
            return nil
        }
        return nil
    }
}
#endif
