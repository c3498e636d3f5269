#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a closure on a new, detached POSIX thread: for work that blocks in the kernel (a lock,
/// a file-change wait, a network fetch), which must not hold one of Dispatch's shared threads.
///
/// This is what `Foundation.Thread` would do; FoundationEssentials has no threads.
///
/// ```swift
/// DetachedThread.start(name: "prefs-store-monitor") { watch(descriptor) }
/// ```
public enum DetachedThread {
    /// Starts `body` on a new thread named `name` (cut to the 15 bytes Linux keeps). Returns
    /// false when the system refused to make a thread; `body` then never runs.
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(name: name, run: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, runThreadBody, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        return true
    }
}

/// What a detached thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody {
    let name: String
    let run: @Sendable () -> Void

    init(name: String, run: @escaping @Sendable () -> Void) {
        self.name = name
        self.run = run
    }

    /// The longest prefix of whole characters that fits Linux's 15 bytes for a thread's name.
    var shortName: String {
        var short = ""
        for character in name {
            guard short.utf8.count + character.utf8.count <= 15 else { break }
            short.append(character)
        }
        return short
    }
}

/// The thread's entry point: names the thread, then runs the body it was given.
private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
    nameCurrentThread(body.shortName)
    body.run()
    return nil
}

/// Names the calling thread, for `top -H`, `gdb` and crash reports. Swift's Glibc does not
/// import `pthread_setname_np` (a GNU extension), so this writes the name where Linux keeps it.
private func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    var name = name
    _ = name.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}
