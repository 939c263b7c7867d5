import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the body of an HTTP(S) URL with a hard deadline.
///
/// URLSession's `timeoutInterval` only bounds the wait between two packets, so a server that
/// trickles bytes could hold a provider for ever; here a timer cancels the transfer when the
/// whole fetch takes longer than `timeout`, and cancelling the calling task cancels it too.
enum HTTPFetch {
    /// The response body of a `GET` of `url`; throws ``FetchError`` on any failure, including a
    /// status other than 2xx.
    static func data(from url: URL, timeout: TimeInterval) async throws -> Data {
        var request = URLRequest(url: url)
        // The session's own idle timeout, in whole seconds (libcurl's unit on Linux, where 0
        // would mean "at once"); the deadline below is the exact one.
        request.timeoutInterval = max(timeout.rounded(.up), 1)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("nightstand", forHTTPHeaderField: "User-Agent")
        let fetch = Fetch()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = URLSession.shared.dataTask(with: request) { data, response, error in
                    let timedOut = fetch.finish()
                    continuation.resume(
                        with: result(
                            url: url, data: data, response: response, error: error,
                            timedOut: timedOut, timeout: timeout))
                }
                fetch.start(task, timeout: timeout)
            }
        } onCancel: {
            fetch.cancel(timedOut: false)
        }
    }

    /// The outcome of a finished data task.
    private static func result(
        url: URL, data: Data?, response: URLResponse?, error: (any Error)?, timedOut: Bool,
        timeout: TimeInterval
    ) -> Result<Data, FetchError> {
        let host = url.host ?? url.absoluteString
        if timedOut || (error as? URLError)?.code == .timedOut {
            return .failure(.timedOut(host: host, seconds: timeout))
        }
        if let error {
            return .failure(.transport(host: host, reason: error.localizedDescription))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            return .failure(.status(host: host, code: http.statusCode))
        }
        return .success(data ?? Data())
    }
}

/// One fetch's data task and deadline timer, shared by the task's completion handler, the
/// timer and the cancellation handler (each may run on another thread).
private final class Fetch: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
        /// Set when cancelled before the task started.
        var cancelled = false
        var timedOut = false
    }

    private let state = Mutex(State())

    /// Starts the task and its deadline timer, or cancels the task at once when the fetch was
    /// already cancelled.
    func start(_ task: URLSessionDataTask, timeout: TimeInterval) {
        let timer = Task { [self] in
            try? await Task.sleep(for: .seconds(timeout))
            if !Task.isCancelled { cancel(timedOut: true) }
        }
        let cancelled = state.withLock { state in
            state.task = task
            state.timer = timer
            return state.cancelled
        }
        task.resume()
        if cancelled { cancel(timedOut: false) }
    }

    /// Cancels the task (its completion handler then runs with an error).
    func cancel(timedOut: Bool) {
        let task = state.withLock { state in
            state.cancelled = true
            state.timedOut = state.timedOut || timedOut
            return state.task
        }
        task?.cancel()
    }

    /// Stops the timer once the task completed; returns whether the deadline had passed.
    func finish() -> Bool {
        let (timer, timedOut) = state.withLock { ($0.timer, $0.timedOut) }
        timer?.cancel()
        return timedOut
    }
}

/// Why fetching a URL failed, in words for the widget and the log.
enum FetchError: Error, Equatable, CustomStringConvertible {
    /// No answer within the timeout.
    case timedOut(host: String, seconds: TimeInterval)
    /// An HTTP status other than 2xx.
    case status(host: String, code: Int)
    /// No connection, a DNS failure, a TLS error, …
    case transport(host: String, reason: String)

    var description: String {
        switch self {
        case .timedOut(let host, let seconds):
            "\(host) did not answer within \(DurationWords.seconds(seconds))"
        case .status(let host, let code):
            "\(host) answered HTTP \(code); expected 200"
        case .transport(let host, let reason):
            "could not reach \(host): \(reason)"
        }
    }
}
