import FoundationEssentials
import Synchronization
import SystemSupport

/// The version of the `nightstand` package apt would install: the candidate of
/// `apt-cache policy nightstand`, asked at most once per ``interval`` (apt's cache changes
/// when `apt update` runs, a few times a day at most), on a thread of its own: the MQTT
/// client's thread never waits for apt, and the answer shows at the next reading.
///
/// Home Assistant's update entity shows it next to the installed version
/// (``state(installed:latest:)``); where apt knows no such package (a source build, a system
/// without apt, a package from no repository) the latest version is the installed one.
final class AptCandidate: Sendable {
    /// The shortest time between two questions to apt.
    ///
    /// Default: 6 hours.
    static let interval = Duration.seconds(6 * 3600)
    /// The program's: the update entity and the fleet's state document ask the same one.
    static let shared = AptCandidate()
    private let policy: @Sendable () -> String?
    private let last = Mutex(Last())

    private struct Last {
        var asked: ContinuousClock.Instant?
        var candidate: String?
    }

    /// A candidate from `policy` (`apt-cache policy nightstand`'s output, nil when it fails).
    init(policy: @escaping @Sendable () -> String? = AptCandidate.aptCachePolicy) {
        self.policy = policy
    }

    /// The candidate apt named last (nil before its first answer); asks it again, on a
    /// thread of its own, when the last question is older than ``interval``.
    func candidate(at now: ContinuousClock.Instant = .now) -> String? {
        let (candidate, ask) = last.withLock { last in
            let ask = last.asked.map { now >= $0 + Self.interval } ?? true
            if ask { last.asked = now }
            return (last.candidate, ask)
        }
        if ask {
            _ = DetachedThread.start(name: "apt-cache") { [self] in
                let found = policy().flatMap(Self.candidate(inPolicy:))
                last.withLock { $0.candidate = found }
            }
        }
        return candidate
    }

    /// The `Candidate:` of `apt-cache policy` output; nil for `(none)` or none at all.
    static func candidate(inPolicy text: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace()
            guard trimmed.hasPrefix("Candidate:") else { continue }
            let version = trimmed.dropFirst("Candidate:".count).trimmingWhitespace()
            let valid = version.allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || "+-.~:".contains($0))
            }
            return version.isEmpty || version == "(none)" || !valid || version.count > 100
                ? nil : version
        }
        return nil
    }

    /// The update entity's state: the installed version and the latest (the installed one
    /// where apt knows none), as JSON.
    static func state(installed: String, latest: String?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = ["installed_version": installed, "latest_version": latest ?? installed]
        // Two strings always encode.
        return String(decoding: (try? encoder.encode(object)) ?? Data(), as: UTF8.self)
    }

    /// `apt-cache policy nightstand`, at most 10 s; nil without apt or when it fails.
    @Sendable static func aptCachePolicy() -> String? {
        guard Program.executable("apt-cache") != nil,
            case .success(let output) = Program.run(
                ["apt-cache", "policy", "nightstand"], timeout: 10),
            output.ending == .exited(0)
        else { return nil }
        return String(decoding: output.standardOutput, as: UTF8.self)
    }
}
