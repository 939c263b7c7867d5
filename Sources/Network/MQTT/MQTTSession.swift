import CMosquitto
import Dispatch
import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The state shared by an ``MQTTClient`` and its thread; it outlives the client while the
/// thread runs.
final class Session: @unchecked Sendable {
    // Sendable: `handle` is used by other threads only under `lock` while connected; the
    // thread destroys it under the lock. The rest is immutable or in mutexes.
    let options: MQTTClient.Options
    let events: MQTTClient.Events
    let log: Logger
    /// Repeated warnings (dropped publishes), limited per kind.
    let complaints: LogLimiter
    let finished = DispatchSemaphore(value: 0)
    /// The kernel's id of the thread, once it runs.
    let thread = Mutex<Int32?>(nil)
    /// The publishes of the current connection that wait for their acknowledgement.
    let outstanding = Mutex(MQTTOutstanding())
    /// What the callbacks learned about the current attempt.
    let attempt = Mutex(Attempt())
    private let current = Mutex(MQTTConnectionState.connecting)
    private let lock = Mutex(Shared())
    private let wakeup = Wakeup()

    private struct Shared {
        var handle: Handle?
        var stopping = false
        /// When ``beginStopping(goodbye:)`` was called.
        var stoppingSince: ContinuousClock.Instant?
        /// Whether the DISCONNECT is queued.
        var disconnecting = false
        var connected = false
        /// Whether the thread is making a handle or connecting: calls that may block.
        var attempting = false
    }

    /// Why the current connection attempt or connection ended, as the callbacks saw it.
    struct Attempt {
        var refusal: String?
        var lastLibraryError: String?
        /// When the broker accepted the connection.
        var connectedAt: ContinuousClock.Instant?
    }

    init(options: MQTTClient.Options, events: MQTTClient.Events, log: Logger) {
        self.options = options
        self.events = events
        self.log = log
        complaints = LogLimiter(log: log)
    }

    /// The connection state now.
    var state: MQTTConnectionState { current.withLock { $0 } }

    /// Publishes at QoS 1 while connected and under the limit of outstanding publishes.
    func publish(topic: String, payload: [UInt8], retain: Bool) -> Bool {
        let (sent, waiting) = lock.withLock { shared -> (Bool, Int) in
            guard let handle = shared.handle?.raw, shared.connected, !shared.stopping else {
                return (false, 0)
            }
            return outstanding.withLock { outstanding in
                guard outstanding.count < options.maximumOutstanding else {
                    return (false, outstanding.count)
                }
                let rc = payload.withUnsafeBytes { bytes in
                    mosquitto_publish(
                        handle, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
                }
                guard rc == MOSQ_ERR_SUCCESS.raw else { return (false, 0) }
                outstanding.count += 1
                outstanding.peak = max(outstanding.peak, outstanding.count)
                return (true, 0)
            }
        }
        if waiting > 0 {
            complaints.warning(
                source: "unacknowledged publishes",
                "mqtt: \(escaping: topic) not published: \(waiting) messages wait for "
                    + "\(options.broker)'s acknowledgement")
        }
        return sent
    }

    /// Subscribes at QoS 1 while connected.
    func subscribe(_ topics: [String]) {
        lock.withLock { shared in
            guard let handle = shared.handle?.raw, shared.connected, !shared.stopping else {
                return
            }
            for topic in topics { _ = mosquitto_subscribe(handle, nil, topic, 1) }
        }
    }

    /// Marks the session stopping and says goodbye; nil if already stopping, else whether a
    /// connection attempt is under way (then nothing waits for it).
    ///
    /// The goodbye is queued behind whatever is being written (a screen picture), and the
    /// thread's loop writes it; the DISCONNECT follows once the broker has acknowledged every
    /// publish (``flush(_:)``). Sent at once, it would close the connection while the broker
    /// still answers: Mosquitto 2.0.11 then fails writing an acknowledgement to the closed
    /// socket before it reads the DISCONNECT, and publishes the last will instead of the
    /// goodbye ("disconnected due to out of memory" in its log).
    func beginStopping(goodbye: (topic: String, payload: String)?) -> Bool? {
        let attempting = lock.withLock { shared -> Bool? in
            guard !shared.stopping else { return nil }
            shared.stopping = true
            shared.stoppingSince = .now
            // A handle in the middle of connecting is left alone: its thread owns it.
            guard let handle = shared.handle?.raw, !shared.attempting else {
                return shared.attempting
            }
            // Queueing wakes the thread's loop (libmosquitto's queue takes it from any thread).
            if shared.connected, let goodbye, Self.publish(goodbye, on: handle) {
                outstanding.withLock { $0.count += 1 }
            } else {
                mosquitto_disconnect(handle)
                shared.disconnecting = true
            }
            return false
        }
        wakeup?.signal()
        return attempting
    }

    /// Publishes `message` retained at QoS 1; whether libmosquitto queued it.
    private static func publish(
        _ message: (topic: String, payload: String), on handle: OpaquePointer
    ) -> Bool {
        let payload = Array(message.payload.utf8)
        return payload.withUnsafeBytes { bytes in
            mosquitto_publish(
                handle, nil, message.topic, Int32(bytes.count), bytes.baseAddress, 1, true)
        } == MOSQ_ERR_SUCCESS.raw
    }

    var isStopping: Bool { lock.withLock { $0.stopping } }

    /// Records a new state and reports it: to the owner always, to the log once per situation.
    ///
    /// Nothing changes after ``MQTTConnectionState/stopped``.
    func change(to new: MQTTConnectionState) {
        let old = current.withLock { state -> MQTTConnectionState? in
            guard state != .stopped, state != new else { return nil }
            defer { state = new }
            // Reported under the lock: the owner hears the states in the order they were set.
            events.stateChanged(new)
            return state
        }
        guard let old, !new.sameSituation(as: old) else { return }
        let broker = options.broker
        switch new {
        case .connecting: log.info("mqtt: connecting to \(broker)")
        case .connected: log.info("mqtt: connected to \(broker) as \(options.clientID)")
        case .stopped: log.info("mqtt: disconnected from \(broker)")
        case .disconnected(let reason, _):
            log.warning(
                "mqtt: \(broker): \(reason); retrying with back-off up to "
                    + "\(Int(options.backoff.maximum)) s")
        case .failed(let reason): log.error("mqtt: not connecting to \(broker): \(reason)")
        }
    }

    // MARK: The client's thread

    /// Connects, serves and reconnects until stopped, with a new libmosquitto handle for each
    /// attempt (a handle that failed, TLS's above all, keeps state that fails the next one).
    func run() {
        defer { finished.signal() }
        let id = DetachedThread.currentID
        thread.withLock { $0 = id }
        var backoff = options.backoff
        while !isStopping {
            attempt.withLock { $0 = Attempt() }
            outstanding.withLock { $0.count = 0 }
            lock.withLock { $0.attempting = true }
            let handle = makeHandle()
            let reached = handle.map(connect) ?? false
            lock.withLock { $0.attempting = false }
            guard let handle else { return }
            if reached { serve(handle) }
            lock.withLock { shared in
                shared.handle = nil
                shared.connected = false
            }
            mosquitto_destroy(handle)
            guard !isStopping else { break }
            if let since = attempt.withLock({ $0.connectedAt }) {
                backoff.connectionEnded(after: since.duration(to: .now))
            }
            let delay = backoff.delay()
            change(
                to: .disconnected(
                    reason: failureReason(connected: reached),
                    retry: Date().addingTimeInterval(delay)))
            sleep(seconds: delay)
        }
        change(to: .stopped)
    }

    /// Runs libmosquitto's loop until the connection ends or the client stops; notes why it
    /// ended when no callback said (a TLS handshake that fails in the loop calls none).
    ///
    /// A stop lets the loop write what is queued first (``flush(_:)``).
    ///
    /// Between rounds of traffic the owner and the log limiter are serviced, and the loop's
    /// wait ends when either asked to be serviced again, or at the keep-alive.
    private func serve(_ handle: OpaquePointer) {
        var due = serviced()
        while !isStopping {
            var timeout = options.keepalive * 1000
            if let due { timeout = max(0, min(timeout, due.millisecondsFromNow)) }
            let code = mosquitto_loop(handle, Int32(timeout), 1)
            guard code == MOSQ_ERR_SUCCESS.raw else {
                let failure = lostConnection(code, errno: errno)
                attempt.withLock { attempt in
                    if attempt.refusal == nil { attempt.refusal = failure }
                }
                return
            }
            due = serviced()
        }
        flush(handle)
    }

    /// Lets libmosquitto write what is queued (a publish under way, the goodbye) and read the
    /// broker's acknowledgements, then sends the DISCONNECT, after which libmosquitto closes
    /// the connection and its loop says so; until the stop's wait
    /// (``MQTTClient/Options/stopWait``) ends.
    ///
    /// Leaving at once would close the socket in the middle of a packet, or before the
    /// DISCONNECT: the broker would publish the last will instead of the goodbye.
    private func flush(_ handle: OpaquePointer) {
        let since = lock.withLock { $0.stoppingSince } ?? .now
        let deadline = since + .milliseconds(Int(options.stopWait * 1000))
        while true {
            lock.withLock { shared in
                guard !shared.disconnecting, outstanding.withLock({ $0.count }) == 0 else { return }
                mosquitto_disconnect(handle)
                shared.disconnecting = true
            }
            let left = deadline.millisecondsFromNow
            guard left > 0, mosquitto_loop(handle, Int32(clamping: left), 1) == MOSQ_ERR_SUCCESS.raw
            else { return }
        }
    }

    /// Services the owner and the log limiter; the earliest time either wants it again.
    private func serviced() -> ContinuousClock.Instant? {
        [events.serviced(), complaints.flush()].compactMap { $0 }.min()
    }

    /// Sleeps `seconds`, or until stopped.
    private func sleep(seconds: TimeInterval) {
        guard let wakeup else {
            usleep(UInt32(seconds * 1_000_000))
            return
        }
        var fds = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
        let deadline = Date().addingTimeInterval(seconds)
        while !isStopping {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            _ = poll(&fds, 1, Int32(left * 1000) + 1)
            if fds[0].revents != 0 { wakeup.drain() }
        }
    }

    /// Records the handle as the current one (for publishing from other threads).
    func adopt(_ handle: OpaquePointer) {
        lock.withLock { $0.handle = Handle(raw: handle) }
    }

    /// The broker accepted the connection: publishing may start.
    func markConnected() {
        lock.withLock { $0.connected = true }
    }
}

/// libmosquitto's client handle, which the session lets other threads use only under its lock
/// and destroys only on its own thread.
private struct Handle: @unchecked Sendable {
    let raw: OpaquePointer
}
