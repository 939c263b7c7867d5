import FoundationEssentials
import Synchronization
import SystemSupport
import Widgets

/// Where a `command` widget's JSON comes from, checked.
enum CommandSource: Sendable, Equatable, CustomStringConvertible {
    /// A program and its arguments, run without a shell.
    case command([String])
    /// A local file, read as it is.
    case file(String)
    /// An HTTP(S) URL, fetched with `GET`.
    case url(URL)

    /// The source as the log names it: `["sensors", "-j"]`, a path, a URL.
    var description: String {
        switch self {
        case .command(let argv): "[" + argv.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }

    /// The source the options name: exactly one of `command`, `file` and `url`.
    init(_ options: WidgetOptions) throws {
        let given = ["command", "file", "url"].filter { options.values[$0] != nil }
        guard given.count == 1 else {
            throw WidgetOptionError(
                key: given.dropFirst().first ?? "command",
                expected: "exactly one of command (an array of strings), file or url",
                found: given.isEmpty ? "none" : given.joined(separator: " and "))
        }
        if options.values["command"] != nil {
            let expected =
                "the program and its arguments as an array of strings, such as "
                + "[\"/usr/bin/sensors\", \"-j\"] (no shell)"
            guard case .array = options.values["command"] else {
                throw WidgetOptionError(
                    key: "command", expected: expected,
                    found: options.values["command"]?.description ?? "")
            }
            guard let argv = try? options.strings("command"), let program = argv.first,
                !program.isEmpty
            else {
                throw WidgetOptionError(
                    key: "command", expected: expected,
                    found: options.values["command"]?.description ?? "")
            }
            self = .command(argv)
        } else if let path = try options.string("file") {
            self = .file(path)
        } else if let url = try options.httpURL("url") {
            self = .url(url)
        } else {
            throw WidgetOptionError(key: "url", expected: "an http or https URL", found: "nothing")
        }
    }
}

/// The `command` widget's state: its output, or what went wrong.
struct CommandEntry: TimelineEntry, Equatable {
    /// What the widget shows.
    enum Content: Equatable, Sendable {
        /// The output, read.
        case output(CommandOutput)
        /// A failure: a short title ("Command failed", "Bad output") and the details.
        case failure(title: String, detail: String)
        /// Nothing yet: the first run is under way.
        case loading
    }

    let date: Date
    let content: Content
}

/// Runs the command (or reads the file or URL) now, and again after `refresh`.
///
/// A run that fails (the program, the read, the download, or output that is not the JSON)
/// after one that succeeded keeps showing the last good output, and the log says why, naming
/// the source; the widget shows the failure only while there never was a good output.
struct CommandProvider: AsyncTimelineProvider {
    let source: CommandSource
    let refresh: TimeInterval
    /// How long a run or a download may take.
    let timeout: TimeInterval
    let log: ProblemLog
    /// The last output that read, shown through later failures.
    let lastGood = LastGoodOutput()

    /// The last output that read; a class, so that the provider's copies share it.
    final class LastGoodOutput: Sendable {
        let output = Mutex<CommandOutput?>(nil)
    }

    func placeholder(in context: Context) -> CommandEntry {
        CommandEntry(date: context.date, content: .loading)
    }

    func snapshot(in context: Context) async -> CommandEntry {
        await entry(at: context.date)
    }

    func timeline(in context: Context) async throws -> Timeline<CommandEntry> {
        Timeline(
            entries: [await entry(at: context.date)],
            policy: .after(context.date.addingTimeInterval(refresh)))
    }

    private func entry(at date: Date) async -> CommandEntry {
        let content = await load()
        switch content {
        case .failure(let title, let detail):
            if let kept = lastGood.output.withLock({ $0 }) {
                log.update("\(title.lowercased()): \(detail); showing the last good output")
                return CommandEntry(date: date, content: .output(kept))
            }
            log.update("\(title.lowercased()): \(detail)")
        case .output(let output):
            lastGood.output.withLock { $0 = output }
            log.update(nil)
        case .loading: log.update(nil)
        }
        return CommandEntry(date: date, content: content)
    }

    /// The output now, or the failure.
    func load() async -> Content {
        let data: Data
        switch source {
        case .command(let argv):
            switch await CommandRunner.run(argv, timeout: timeout) {
            case .success(let output): data = output
            case .failure(let error):
                return .failure(title: "Command failed", detail: "\(argv[0]) \(error)")
            }
        case .file(let path):
            // As much as a program may print, read without blocking (a FIFO fails at once).
            switch BoundedFile.read(path, limit: CommandRunner.outputLimit) {
            case .success(let bytes): data = Data(bytes)
            case .failure(let error):
                return .failure(
                    title: "Can't read file",
                    detail: "\(path): \(error.isMissing ? "no such file" : error.reason)")
            }
        case .url(let url):
            do {
                data = try await HTTPFetch.data(from: url, timeout: timeout)
            } catch {
                return .failure(title: "Download failed", detail: "\(error)")
            }
        }
        do {
            return .output(try CommandOutput(json: data))
        } catch {
            return .failure(
                title: "Bad output",
                detail: "\(error); expected {\"title\": \"…\", \"value\": 42} (see docs/widgets.md)"
            )
        }
    }

    typealias Content = CommandEntry.Content
}
