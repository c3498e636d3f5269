#if canImport(Glibc)
import Glibc
#endif
import Platform
import Synchronization

/// Tells, without a system call, whether another process may have written the store: a
/// background thread counts inotify events on the store's files.
///
/// Why: `PRAGMA data_version` is the authority on whether another connection committed, but
/// asking it costs a trip into SQLite on every read, which a feature-flag check on an app's hot
/// path cannot afford. Readers compare `generation` with what they saw last (one atomic load) and
/// ask SQLite only when it moved. Without inotify (`init` returns nil), callers ask every time.
///
/// ```swift
/// let monitor = StoreChangeMonitor(path: "/…/prefs.sqlite")
/// let seen = monitor?.generation
/// ```
final class StoreChangeMonitor: Sendable {
    /// Shared with the watcher thread, which must not keep the monitor alive.
    private final class Shared: Sendable {
        let generation = Atomic<UInt64>(0)
        let stopped = Atomic<Bool>(false)
    }

    private let shared = Shared()

    init?(path: String) {
        let folder = FilePathText.folder(of: path)
        let name = FilePathText.lastComponent(of: path)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_ATTRIB)
        guard inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        let shared = shared
        let started = DetachedThread.start(name: "prefs-store-monitor") {
            Self.watch(descriptor: descriptor, storeName: name, shared: shared)
            close(descriptor)
        }
        guard started else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        shared.stopped.store(true, ordering: .releasing)
    }

    /// Moves (at least) whenever one of the store's files changed since it was last read.
    var generation: UInt64 { shared.generation.load(ordering: .acquiring) }

    /// Waits for events in slices of 250 ms so the thread notices when the monitor is gone.
    private static func watch(descriptor: Int32, storeName: String, shared: Shared) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let headerSize = MemoryLayout<inotify_event>.size
        while !shared.stopped.load(ordering: .acquiring) {
            guard poll(&poller, 1, 250) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var offset = 0
            var relevant = false
            // Events are a packed list of inotify_event headers, each followed by `len` name bytes.
            while offset + headerSize <= count {
                let nameLength = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameStart = offset + headerSize
                let nameBytes = buffer[nameStart..<min(nameStart + nameLength, count)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self).hasPrefix(storeName) { relevant = true }
                offset = nameStart + nameLength
            }
            if relevant { shared.generation.add(1, ordering: .releasing) }
        }
    }
}
