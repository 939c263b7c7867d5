import Foundation

/// The voluntary context switches of one thread of this process, from
/// `/proc/self/task/<tid>/status`: how often it went to sleep and was woken.
struct ThreadSwitches {
    let path: String

    init(thread: Int32) {
        path = "/proc/self/task/\(thread)/status"
    }

    /// The count so far.
    func voluntary() -> Int {
        let status = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0
    }
}
