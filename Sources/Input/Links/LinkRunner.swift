import FoundationEssentials
import Synchronization
import SystemSupport

/// Runs the ``LinkAction`` a tapped URL's scheme is mapped to, off the calling thread, and logs
/// how it went.
///
/// Each action runs on a thread of its own (``SystemSupport/Program``: no shell, standard input
/// from `/dev/null`, SIGTERM then SIGKILL at the timeout), so the run loop never waits for it.
/// At most ``concurrencyLimit`` run at once; a tap beyond that is logged and dropped, so a
/// hammered link cannot pile up processes.
///
/// ```swift
/// let runner = LinkRunner(links: ["lights": .command(["lights", "{url}"])], timeout: 5)
/// runner.open(URL(string: "lights://kitchen")!)   // .started
/// ```
public final class LinkRunner: Sendable {
    /// The most actions running at once.
    public static let concurrencyLimit = 4

    /// What became of a tapped URL.
    public enum Outcome: Sendable, Equatable {
        /// Its action started.
        case started
        /// No action is configured for its scheme.
        case unmapped
        /// ``concurrencyLimit`` actions are running (or no thread could be had); this one was
        /// dropped.
        case busy
    }

    private let links: [String: LinkAction]
    private let timeout: Double
    private let logger: Logger
    private let running = Atomic<Int>(0)
    private let runProgram: @Sendable ([String], Double) -> Result<ProgramOutput, ProgramFailure>

    /// A runner for the actions by scheme (lowercase), each given `timeout` seconds.
    public convenience init(
        links: [String: LinkAction], timeout: Double,
        logger: Logger = Logger(label: "nightstand.input")
    ) {
        self.init(links: links, timeout: timeout, logger: logger) { arguments, timeout in
            Program.run(arguments, timeout: timeout)
        }
    }

    init(
        links: [String: LinkAction], timeout: Double, logger: Logger,
        runProgram: @escaping @Sendable ([String], Double) -> Result<ProgramOutput, ProgramFailure>
    ) {
        self.links = links
        self.timeout = timeout
        self.logger = logger
        self.runProgram = runProgram
    }

    /// The action for `url`'s scheme, if any.
    public func action(for url: URL) -> LinkAction? {
        url.scheme.flatMap { links[$0.lowercased()] }
    }

    /// Starts the action for `url` on a thread of its own; `finished`, if given, runs there when
    /// it is over (tests wait on it).
    @discardableResult
    public func open(_ url: URL, finished: (@Sendable () -> Void)? = nil) -> Outcome {
        guard let action = action(for: url) else {
            logger.notice(
                "link \(url.absoluteString): no [input.links] action for \"\(url.scheme ?? "")\"")
            return .unmapped
        }
        guard running.add(1, ordering: .relaxed).newValue <= Self.concurrencyLimit else {
            running.subtract(1, ordering: .relaxed)
            let limit = Self.concurrencyLimit
            logger.warning(
                "link \(url.absoluteString): \(limit) link actions still running; tap dropped")
            return .busy
        }
        let arguments = action.arguments(for: url, timeout: timeout)
        // curl keeps the exact deadline; the program's, a second later, catches one that hangs.
        let deadline = timeout + (action.isRequest ? 1 : 0)
        let started = DetachedThread.start(name: "link") { [self] in
            report(url, runProgram(arguments, deadline))
            running.subtract(1, ordering: .relaxed)
            finished?()
        }
        if !started {
            running.subtract(1, ordering: .relaxed)
            logger.error("link \(url.absoluteString): no thread left to run \(action)")
            return .busy
        }
        return .started
    }

    private func report(_ url: URL, _ result: Result<ProgramOutput, ProgramFailure>) {
        let link = "link \(url.absoluteString)"
        switch result {
        case .success(let output):
            switch output.ending {
            case .exited(0): logger.info("\(link): done")
            case .exited(let status):
                let reason = output.errorLine.isEmpty ? "" : ": \(output.errorLine)"
                logger.warning("\(link): exited with status \(status)\(reason)")
            case .signalled(let signal):
                logger.warning("\(link): ended by signal \(signal)")
            }
        case .failure(let failure):
            logger.warning("\(link): \(failure)")
        }
    }
}

extension LinkAction {
    /// Whether the action is an HTTP request (run through curl).
    var isRequest: Bool {
        if case .request = self { true } else { false }
    }
}
