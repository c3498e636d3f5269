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
        switch storeFollower.follow(environment) {
        case .inUse:
            return true
        case .reopened(let reopened, let message):
            adopt(reopened)
            // The groups `u` would undo are the old file's; the new file's history is another.
            undoStack.removeAll()
            screen.show(message: message)
            return true
        case .unavailable(let message):
            screen.show(message: message)
            return false
        }
    }
}
#endif
