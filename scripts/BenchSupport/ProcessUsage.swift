import Foundation

/// What the benchmark process itself has used so far, read from the kernel.
public enum ProcessUsage {
    /// User plus system CPU seconds since the process started (`getrusage`).
    public static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// User plus system CPU seconds of this process's live threads whose name (`/proc/self/task/*/comm`)
    /// starts with `namePrefix`, and how many there are; threads that have exited are not counted.
    /// libmicrohttpd names its threads `MHD-listen`, `MHD-worker`, `MHD-single` and
    /// `MHD-connection`, so `MHD-` picks an in-process server's share of `cpuSeconds()`.
    public static func threadsCPUSeconds(namePrefix: String) -> (seconds: Double, threads: Int) {
        let tasks = "/proc/self/task"
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        var ticks = 0
        var threads = 0
        for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let name = try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8), name.hasPrefix(namePrefix),
                let stat = try? String(contentsOfFile: "\(tasks)/\(task)/stat", encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")")
            else { continue }
            // After the parenthesised name come the fields from the third (state) on; utime and
            // stime are the 14th and 15th (proc(5)).
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            ticks += user + system
            threads += 1
        }
        return (Double(ticks) / ticksPerSecond, threads)
    }

    /// Resident memory in MiB (`/proc/self/statm`), 0 where it cannot be read.
    public static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

extension Duration {
    /// The span in seconds, with its fraction.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
