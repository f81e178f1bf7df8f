import Clocks

/// Which file is fetched next, as a value: the queue of each started download, files waiting
/// out a retry's backoff, and the two limits on what is in flight.
///
/// A job is one attempt at one file: its request (network) and then its storing (hash, write,
/// commit). At most `connections` requests are in flight; a job whose response has arrived gives
/// its request slot to the next file while it stores, so the connections never wait on the disk.
/// At most `connections` more jobs may be storing, which bounds the bodies held in memory.
package struct FetchSchedule: Sendable, Hashable {
    /// One attempt at one file of one download.
    package struct Job: Sendable, Hashable {
        package let id: MediaDownloadID
        package let position: Int
    }

    private struct Retry: Sendable, Hashable {
        let position: Int
        let due: WallTime
    }

    /// Requests allowed in flight at once.
    package let connections: Int
    /// Downloads handing out files, in the order they were started.
    package private(set) var order: [MediaDownloadID] = []
    private var queues: [MediaDownloadID: [Int]] = [:]
    private var retries: [MediaDownloadID: [Retry]] = [:]
    private var requesting: Set<Job> = []
    private var running: [MediaDownloadID: Int] = [:]

    package init(connections: Int) { self.connections = max(1, connections) }

    /// Starts handing out `pending` (positions in plan order) of download `id`.
    package mutating func begin(_ id: MediaDownloadID, pending: [Int]) {
        guard queues[id] == nil else { return }
        order.append(id)
        queues[id] = pending.reversed()
        retries[id] = []
    }

    /// Stops handing out the files of `id`; jobs in flight run until they end.
    package mutating func stop(_ id: MediaDownloadID) {
        order.removeAll { $0 == id }
        queues[id] = nil
        retries[id] = nil
    }

    /// The next job to run at `now`, counted as in flight; nil when a limit is reached or
    /// nothing is due. Retries that are due go first, then each download's queue in start order.
    package mutating func next(now: WallTime) -> Job? {
        guard requesting.count < connections, jobCount < 2 * connections else { return nil }
        for id in order {
            let position: Int
            if var waiting = retries[id], let due = waiting.indices.min(by: { waiting[$0].due < waiting[$1].due }),
                waiting[due].due <= now
            {
                position = waiting.remove(at: due).position
                retries[id] = waiting
            } else if let queued = queues[id]?.popLast() {
                position = queued
            } else {
                continue
            }
            let job = Job(id: id, position: position)
            requesting.insert(job)
            running[id, default: 0] += 1
            return job
        }
        return nil
    }

    /// The job's response arrived (or its request failed): its request slot is free.
    package mutating func received(_ job: Job) { requesting.remove(job) }

    /// The job ended, however it ended.
    package mutating func ended(_ job: Job) {
        requesting.remove(job)
        running[job.id, default: 1] -= 1
        if running[job.id] == 0 { running[job.id] = nil }
    }

    /// The job's file is to be fetched again at `due` (if its download is still handing out files).
    package mutating func retry(_ job: Job, due: WallTime) {
        retries[job.id]?.append(Retry(position: job.position, due: due))
    }

    /// Jobs of `id` in flight.
    package func jobs(of id: MediaDownloadID) -> Int { running[id, default: 0] }

    /// Whether `id` is handing out files.
    package func isHandingOut(_ id: MediaDownloadID) -> Bool { queues[id] != nil }

    /// When the earliest retry falls due; nil when none waits.
    package var nextRetry: WallTime? { retries.values.flatMap { $0.map(\.due) }.min() }

    private var jobCount: Int { running.values.reduce(0, +) }
}
