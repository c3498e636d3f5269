import Foundation

/// A fixed set of threads that run the jobs of tests marked `.blocking`, first come first served.
///
/// There are four threads per core: enough for the waits of several tests to overlap (most of
/// them wait for a child process, which needs a core of its own), few enough that tests with a
/// deadline are not starved by dozens of processes at once.
public final class BlockingTestExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = BlockingTestExecutor(threads: 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))

    // The queue is guarded by `condition`; hence @unchecked Sendable.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "blocking-test-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next > 1024, next * 2 > jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
