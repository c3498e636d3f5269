#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Carrying out the commands of `MenuKeyBindings`, one method per mode. Which key gives which
/// command is the table's business; these say only what a command does.
extension ScreenModel {
    mutating func answer(_ command: MenuKeyCommand) -> MenuAction? {
        guard case .confirmation(let confirmation, let under) = mode else { return nil }
        switch command {
        case .accept:
            mode = under
            switch confirmation {
            case .resetAll: return .resetAll
            case .replacePreset(let name): return .replacePreset(name: name)
            }
        case .cancel:
            mode = under
            message = confirmation.cancelledMessage
            return nil
        default:
            return nil
        }
    }

    mutating func editPrompt(_ command: MenuKeyCommand, key: KeyEvent) -> MenuAction? {
        guard case .prompt(var current, let under) = mode else { return nil }
        switch command {
        case .type:
            if case .character(let character) = key {
                current.apply(.insert(character))
                mode = .prompt(current, over: under)
            }
            return nil
        case .erase:
            current.apply(.deleteBackward)
            mode = .prompt(current, over: under)
            return nil
        case .editLine(let edit):
            current.apply(edit)
            mode = .prompt(current, over: under)
            return nil
        case .accept:
            mode = under
            switch current.purpose {
            case .presetName: return .savePreset(name: current.text)
            case .featureValue(let feature, let variable, _): return .setFeatureValue(feature: feature, variable: variable, text: current.text)
            }
        case .cancel:
            mode = under
            message = current.cancelledMessage
            return nil
        default:
            return nil
        }
    }

    mutating func choosePreset(_ command: MenuKeyCommand) -> MenuAction? {
        guard case .chooser(var chooser) = mode else { return nil }
        switch command {
        case .moveUp:
            chooser.move(by: -1)
        case .moveDown:
            chooser.move(by: 1)
        case .pageUp:
            chooser.move(by: -max(1, viewportHeight - 2))
        case .pageDown:
            chooser.move(by: max(1, viewportHeight - 2))
        case .first:
            chooser.jump(toEnd: false)
        case .last:
            chooser.jump(toEnd: true)
        case .accept:
            mode = .rows
            return chooser.selectedItem.map { .applyPreset(name: $0.name) }
        case .cancel:
            mode = .rows
            return nil
        case .savePreset:
            mode = .prompt(TextPrompt(purpose: .presetName), over: .rows)
            return nil
        default:
            return nil
        }
        mode = .chooser(chooser)
        return nil
    }

    mutating func helpCommand(_ command: MenuKeyCommand) -> MenuAction? {
        guard case .help(let helpScrollOffset) = mode else { return nil }
        let page = max(1, viewportHeight - 2)
        let limit = helpScrollLimit
        func scroll(to offset: Int) { mode = .help(scrollOffset: min(max(0, offset), limit)) }
        switch command {
        case .quit:
            return .quit
        case .closeHelp:
            mode = .rows
            return nil
        case .moveUp, .scrollUp: scroll(to: helpScrollOffset - 1)
        case .moveDown, .scrollDown: scroll(to: helpScrollOffset + 1)
        case .pageUp: scroll(to: helpScrollOffset - page)
        case .pageDown: scroll(to: helpScrollOffset + page)
        case .first: scroll(to: 0)
        case .last: scroll(to: helpScrollLimit)
        default: break
        }
        return nil
    }

    mutating func editFilter(_ command: MenuKeyCommand, key: KeyEvent) -> MenuAction? {
        switch command {
        case .type:
            if case .character(let character) = key {
                filter.append(character)
                refilter()
            }
        case .erase:
            if !filter.isEmpty {
                filter.removeLast()
                refilter()
            }
        case .accept:
            mode = .rows
        case .clearFilter:
            mode = .rows
            if !filter.isEmpty {
                filter = ""
                refilter()
            }
        case .navigateRows:
            return MenuKeyBindings.command(for: key, in: .rows).flatMap { rowsCommand($0, key: key) }
        default:
            break
        }
        return nil
    }

    mutating func rowsCommand(_ command: MenuKeyCommand, key: KeyEvent) -> MenuAction? {
        switch command {
        case .moveUp:
            moveSelection(by: -1)
        case .moveDown:
            moveSelection(by: 1)
        case .pageUp:
            page(by: -1)
        case .pageDown:
            page(by: 1)
        case .first:
            selectFirst()
        case .last:
            selectLast()
        case .nextSection:
            jumpSection(forward: true)
        case .previousSection:
            jumpSection(forward: false)
        case .activate:
            return activateSelection()
        case .showDetail:
            if isSelectionOnCollapsedSection {
                setSelectedSection(collapsed: false)
                return nil
            }
            return selectedRow.map { .showDetail(rowID: $0.id) }
        case .click:
            if case .mouse(let row, _, _) = key { return click(row: row) }
        case .scrollUp:
            scroll(by: -3)
        case .scrollDown:
            scroll(by: 3)
        case .removeOverride:
            return removeOverrideOfSelection()
        case .resetAll:
            askToResetAll()
        case .editFilter:
            mode = .filter
        case .clearFilter:
            if !filter.isEmpty {
                filter = ""
                refilter()
            }
        case .toggleOverriddenOnly:
            showsOverriddenOnly.toggle()
            refilter()
            message = showsOverriddenOnly ? "Showing overridden rows only (o shows all)." : "Showing all rows."
        case .toggleSection:
            setSelectedSection(collapsed: !isSelectionOnCollapsedSection)
        case .collapseSection:
            setSelectedSection(collapsed: true)
        case .expandSection:
            setSelectedSection(collapsed: false)
        case .cycleChannel:
            return .cycleChannel
        case .savePreset:
            mode = .prompt(TextPrompt(purpose: .presetName), over: mode)
        case .choosePreset:
            return .choosePreset
        case .undo:
            return .undo
        case .showHistory:
            return .showHistory
        case .showExperiments:
            return .showExperiments(slug: selectedExperimentSlug)
        case .showHelp:
            mode = .help(scrollOffset: 0)
        case .quit:
            return .quit
        case .closeHelp, .type, .erase, .editLine, .accept, .cancel, .navigateRows, .ignore, .showRecord, .copyID:
            break
        }
        return nil
    }

    /// Collapses or expands the section holding the selection; the selection stays on the
    /// section (its title when collapsed, its first row when expanded).
    private mutating func setSelectedSection(collapsed: Bool) {
        guard let current = selection else { return }
        guard filter.isEmpty else {
            message = "A filter shows every section; Esc clears it."
            return
        }
        let (section, isCollapsed) = lines.section(at: current)
        guard isCollapsed != collapsed else { return }
        if collapsed { collapsedSections.insert(section) } else { collapsedSections.remove(section) }
        // The section's first row: the collapsed title stands for it, and expanding starts there.
        let first = lines.sections.first { $0.section == section }.map { lines.rowIndex(at: $0.firstPosition) }
        let firstID = first.map { rows[$0].id }
        anchorRowID = firstID
        rebuild(preferredID: firstID, fallbackPosition: current)
    }

    private mutating func activateSelection() -> MenuAction? {
        if isSelectionOnCollapsedSection {
            setSelectedSection(collapsed: false)
            return nil
        }
        guard let row = selectedRow else { return nil }
        switch row.kind {
        case .toggle:
            return .toggle(rowID: row.id)
        case .choice:
            return .cycle(rowID: row.id)
        case .readOnly:
            message = "\u{201C}\(row.title)\u{201D} is read-only."
            return nil
        }
    }

    /// `x`: what it does on each kind of row is what the help's `x` line says.
    private mutating func removeOverrideOfSelection() -> MenuAction? {
        guard !isSelectionOnCollapsedSection else { return nil }
        guard let row = selectedRow else { return nil }
        switch row.kind {
        case .toggle(_, let isOverridden, _, _):
            // A bool preference's switch is the user's choice, not an override: `x` clears the
            // stored choice (the controller says when there is none).
            if isOverridden { return .removeOverride(rowID: row.id) }
            if case .userPreference? = MenuRowID(rawValue: row.id) { return .removeOverride(rowID: row.id) }
            message = "\u{201C}\(row.title)\u{201D} has no override."
            return nil
        case .choice:
            return .removeOverride(rowID: row.id)
        case .readOnly:
            message = "\u{201C}\(row.title)\u{201D} is read-only."
            return nil
        }
    }

    private mutating func askToResetAll() {
        var count = nimbusOverrideCount
        for row in rows where row.isOverridden { count += 1 }
        if count == 0 {
            message = "No overrides to reset."
        } else {
            mode = .confirmation(.resetAll(overrideCount: count), over: mode)
        }
    }

    private mutating func click(row screenRow: Int) -> MenuAction? {
        let offset = screenRow - viewportTop
        guard offset >= 0, offset < viewportHeight else { return nil }
        // The sticky title covers the first line: a click there selects nothing.
        if offset == 0, stickySectionTitle != nil { return nil }
        let line = scrollOffset + offset
        guard line < lines.lineCount else { return nil }
        switch lines.line(at: line) {
        case .row(let position), .collapsedSectionTitle(_, _, let position):
            select(position)
            return activateSelection()
        case .sectionTitle, .spacer:
            return nil
        }
    }
}
#endif
