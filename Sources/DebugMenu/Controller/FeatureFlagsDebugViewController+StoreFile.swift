#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Prefs


/// Following the store's file when it is moved away, deleted or replaced.
extension FeatureFlagsDebugViewController {
    /// Makes sure the store open is the file its path names, reopening the path when that file
    /// was moved away, deleted or replaced (`mv` is what the tool's own hints suggest); the
    /// header says so. Returns whether the store at the path is the one in use: false when it
    /// cannot be opened (the message says why), and then nothing is written.
    ///
    /// The old store is closed first, its journal emptied into the moved file, so the `-wal`
    /// and `-shm` left at the path can be removed rather than read by the new store.
    @discardableResult
    public func followStoreAtPath() -> Bool {
        let change = environment.prefs.changeAtPath()
        guard needsReopen || change != nil else { return true }
        needsReopen = true
        let what = (change ?? .missing).description
        do {
            adopt(try environment.reopeningStore())
            needsReopen = false
            // The groups `u` would undo are the old file's; the new file's history is another.
            undoGroups.removeAll()
            storeStatus = "store \(what): reopened"
            screen.show(message: "The store file was \(what); opened \(environment.storePath) again.")
            return true
        } catch {
            storeStatus = "store \(what): cannot reopen"
            screen.show(message: "The store file was \(what) and \(environment.storePath) cannot be opened: \(error.problem); \(error.hint)")
            return false
        }
    }
}
#endif
