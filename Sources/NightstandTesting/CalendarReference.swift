import Foundation

/// `scripts/calendar-reference`: the occurrences a reference expansion (python-icalendar with
/// recurring-ical-events, which `scripts/deps --test` installs into `.build/reference-python`)
/// finds in an iCalendar file, as `nightstand events` writes them.
public enum CalendarReference {
    /// Why the reference can't run here.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing and how to install it.
        public let description: String
    }

    /// The checkout's root.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The reference's Python (`NIGHTSTAND_REFERENCE_PYTHON`, else the checkout's
    /// `.build/reference-python`), or why there is none.
    public static let python: Result<String, Missing> = {
        let environment = ProcessInfo.processInfo.environment["NIGHTSTAND_REFERENCE_PYTHON"]
        let venv = root.appendingPathComponent(".build/reference-python/bin/python3").path
        if let found = [environment, venv].compactMap({ $0 }).first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            return .success(found)
        }
        return .failure(
            Missing(description: "no reference Python at \(venv): run scripts/deps --test"))
    }()

    /// Whether the machine has a Python at all: only then can the reference run.
    public static let hasPython = ["/usr/bin/python3", "/usr/local/bin/python3"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The occurrences the reference finds in `file` from `start` (ISO 8601) for `days` days,
    /// in `zone`: start, end and title split by tabs, one a line; and its exit status.
    public static func occurrences(file: String, at start: String, days: Int, zone: String)
        throws -> (status: Int32, lines: [String])
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try python.get())
        process.arguments = [
            root.appendingPathComponent("scripts/calendar-reference").path, "occurrences", file,
            "--at", start, "--days", "\(days)", "--time-zone", zone,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines)
    }
}
