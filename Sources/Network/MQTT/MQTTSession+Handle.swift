import CMosquitto
import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The libmosquitto side of a ``Session``: making a handle, its callbacks, and the words for
/// what went wrong.
extension Session {
    /// A configured libmosquitto handle, or nil (logged, state set) when one can't be made.
    func makeHandle() -> OpaquePointer? {
        if let problem = MosquittoLibrary.problem {
            change(to: .failed(reason: problem))
            return nil
        }
        guard let handle = mosquitto_new(options.clientID, true, nil) else {
            change(to: .failed(reason: "libmosquitto could not make a client"))
            return nil
        }
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        _ = mosquitto_threaded_set(handle, true)
        _ = mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        if let problem = configure(handle) {
            mosquitto_destroy(handle)
            change(to: .failed(reason: problem))
            return nil
        }
        mosquitto_connect_v5_callback_set(handle) { _, context, code, _, _ in
            Session.from(context)?.connectAnswered(code)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            Session.from(context)?.disconnected(code)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let message else { return }
            Session.from(context)?.received(message.pointee)
        }
        mosquitto_publish_callback_set(handle) { _, context, _ in
            Session.from(context)?.acknowledged()
        }
        mosquitto_log_callback_set(handle) { _, context, level, text in
            guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
            Session.from(context)?.noteLibraryError(String(cString: text))
        }
        adopt(handle)
        return handle
    }

    /// Opens the TCP (and TLS) connection and sends CONNECT; false when that failed.
    func connect(_ handle: OpaquePointer) -> Bool {
        var properties: OpaquePointer? = nil
        _ = mosquitto_property_add_int32(
            &properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue),
            UInt32(options.maximumPacketSize))
        defer { mosquitto_property_free_all(&properties) }
        // The handshake (over TLS, OpenSSL's certificate checks and key exchange: about 3 MiB
        // of its code) starts on the display's steady pages, not on the network's start-up.
        ResidentPages.trim()
        let code = mosquitto_connect_bind_v5(
            handle, options.broker.host, Int32(options.broker.port), Int32(options.keepalive),
            nil, properties)
        guard code == MOSQ_ERR_SUCCESS.raw else {
            let failure = connectFailure(code, errno: errno)
            attempt.withLock { $0.refusal = failure }
            return false
        }
        return true
    }

    /// Sets the login, the last will and TLS; what libmosquitto refused, if anything.
    private func configure(_ handle: OpaquePointer) -> String? {
        var problem: String?
        if let username = options.username,
            mosquitto_username_pw_set(handle, username, options.password) != MOSQ_ERR_SUCCESS.raw
        {
            problem = "the user name or password was refused by libmosquitto"
        }
        if let will = options.will {
            let payload = Array(will.payload.utf8)
            let rc = payload.withUnsafeBytes { bytes in
                mosquitto_will_set(
                    handle, will.topic, Int32(bytes.count), bytes.baseAddress, 1, true)
            }
            if rc != MOSQ_ERR_SUCCESS.raw { problem = "the last will was refused by libmosquitto" }
        }
        if options.broker.usesTLS {
            let rc =
                if let caFile = options.caFile {
                    mosquitto_tls_set(handle, caFile, nil, nil, nil, nil)
                } else {
                    mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
                }
            if rc != MOSQ_ERR_SUCCESS.raw {
                problem =
                    "TLS could not be set up: \(Self.words(rc))"
                    + (options.caFile.map { " (ca_file \($0))" } ?? "")
            }
        }
        return problem
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> Session? {
        context.map { Unmanaged<Session>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: Callbacks (on the client's thread, inside libmosquitto)

    private func connectAnswered(_ code: Int32) {
        guard code == 0 else {
            let reason = String(cString: mosquitto_reason_string(code))
            attempt.withLock { $0.refusal = "the broker refused the connection: \(reason)" }
            return
        }
        attempt.withLock { $0.connectedAt = .now }
        // The handshake ran once; what the connection runs from now on maps its pages in again.
        ResidentPages.trim()
        markConnected()
        change(to: .connected)
        events.connected()
    }

    private func noteLibraryError(_ line: String) {
        attempt.withLock { $0.lastLibraryError = OutsideText.escaped(line) }
    }

    private func disconnected(_ code: Int32) {
        guard code != 0 else { return }
        let failure = lostConnection(code, errno: errno)
        attempt.withLock { attempt in
            if attempt.refusal == nil { attempt.refusal = failure }
        }
    }

    private func acknowledged() {
        outstanding.withLock { $0.count = max(0, $0.count - 1) }
    }

    private func received(_ message: mosquitto_message) {
        guard let topic = message.topic, message.payloadlen >= 0,
            message.payloadlen <= Int32(options.maximumPacketSize)
        else { return }
        let count = Int(message.payloadlen)
        let payload =
            message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        events.message(
            MQTTMessage(topic: String(cString: topic), payload: payload, retained: message.retain))
    }

    // MARK: Words

    /// Why the connection ended, for the state and the log.
    func failureReason(connected: Bool) -> String {
        if let refusal = attempt.withLock({ $0.refusal }) { return refusal }
        return connected ? "the connection was lost" : "the connection failed"
    }

    /// A failed connection attempt in words, with the system's reason.
    func connectFailure(_ code: Int32, errno: Int32) -> String {
        switch code {
        case MOSQ_ERR_ERRNO.raw: return "can't connect: \(systemError(errno))"
        case MOSQ_ERR_EAI.raw:
            return "can't resolve \(options.broker.host): \(String(cString: gai_strerror(errno)))"
        case MOSQ_ERR_TLS.raw: return lostConnection(code, errno: errno)
        default: return "can't connect: \(Self.words(code))"
        }
    }

    /// An established connection's end in words.
    func lostConnection(_ code: Int32, errno: Int32) -> String {
        switch code {
        case MOSQ_ERR_TLS.raw:
            let detail = attempt.withLock { $0.lastLibraryError }
            return "TLS failed" + (detail.map { ": \($0)" } ?? "")
        case MOSQ_ERR_ERRNO.raw: return "the connection was lost: \(systemError(errno))"
        default: return Self.lost(Self.words(code))
        }
    }

    /// "the connection was lost: REASON", or libmosquitto's reason alone where it already
    /// speaks of the connection (`MOSQ_ERR_CONN_LOST`: "The connection was lost.",
    /// `MOSQ_ERR_CONN_REFUSED`: "The connection was refused.").
    static func lost(_ reason: String) -> String {
        var said = reason.trimmingWhitespace()
        guard said.lowercased().hasPrefix("the connection ") else {
            return "the connection was lost: \(reason)"
        }
        if said.hasSuffix(".") { said.removeLast() }
        return said.prefix(1).lowercased() + said.dropFirst()
    }

    /// libmosquitto's words for one of its error codes (`error N` when it can't be loaded).
    static func words(_ code: Int32) -> String {
        guard MosquittoLibrary.problem == nil else { return "error \(code)" }
        return String(cString: mosquitto_strerror(code))
    }
}

extension mosq_err_t {
    /// The code as libmosquitto's functions return it.
    var raw: Int32 { Int32(rawValue) }
}

/// libmosquitto, opened and set up once, before the first client: a display without `[mqtt]`
/// never loads it (nor the OpenSSL it links).
private enum MosquittoLibrary {
    /// Why libmosquitto can't be used (not installed: Debian's `libmosquitto1`); nil when it
    /// can.
    static let problem: String? = {
        var error = [CChar](repeating: 0, count: 256)
        guard nightstand_mosquitto_load(&error, error.count) == 0 else {
            let text = String(
                decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text + "; install libmosquitto1"
        }
        return mosquitto_lib_init() == MOSQ_ERR_SUCCESS.raw ? nil : "libmosquitto failed to start"
    }()
}
