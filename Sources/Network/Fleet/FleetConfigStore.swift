import FoundationEssentials
import Synchronization
import SystemSupport

/// The configuration documents a display took from the broker: the last good one of each
/// layer (`all`, `group/<g>`, `device/<id>`), kept in the state directory so that the display
/// starts on them when the broker is down; the one being tried; the last refused.
///
/// A document arrives (``offer(layer:payload:)``), waits its turn, and is tried
/// (``nextTrial()``): the host reloads its configuration with the trial in place of its
/// layer's good document, checking everything `check-config` checks. Applied, it becomes the
/// layer's good document and the file is replaced (``finish(applied:message:)``); refused,
/// the good one stays. A bad document never replaces a good one.
///
/// The file, `fleet-config.json`, is written to a new file renamed over the old one, on the
/// disk before the rename, from a thread of its own; it is read without following a link.
public final class FleetConfigStore: Sendable {
    /// The one store of the program: the bridge that hears the broker and the reloader that
    /// reads the configuration share it across reloads.
    public static let shared = FleetConfigStore()

    /// The largest document taken, in bytes: 64 KiB.
    public static let limit = 64 * 1024

    /// A document of a layer.
    public struct Document: Codable, Equatable, Sendable {
        /// `all`, `group/<g>` or `device/<id>`.
        public var layer: String
        /// ``FleetConfigStore/revision(of:)`` of its text.
        public var revision: String
        /// Its TOML.
        public var text: String

        /// The name its messages give it: `fleet/all@1a2b3c4d5e6f7a8b`.
        public var name: String { "fleet/\(layer)@\(revision)" }
    }

    /// What became of a document offered.
    public enum Offer: Equatable, Sendable {
        /// The layer's good document already (or the layer has none and this removes it).
        case same
        /// Refused before any trial (too big, not text).
        case refused(FleetState.Refusal)
        /// Waiting for its trial.
        case queued
    }

    private struct Kept: Codable {
        var version = 1
        var documents: [Document]
    }

    private struct State {
        var path: String?
        var opened = false
        var good: [String: Document] = [:]
        var queue: [(layer: String, document: Document?)] = []
        var trial: (layer: String, document: Document?)?
        var refused: FleetState.Refusal?
    }

    private let state = Mutex(State())
    private let saving = Mutex(())

    /// An empty store.
    public init() {}

    /// The file in `directory`.
    public static func path(in directory: String) -> String { directory + "/fleet-config.json" }

    /// Reads the documents kept in `directory`, the first time only.
    ///
    /// Later calls do nothing. Returns what was wrong with the file (it is then ignored).
    public func open(directory: String?) -> String? {
        let path = directory.map(Self.path(in:))
        let first = state.withLock { state in
            defer { state.opened = true }
            if !state.opened { state.path = path }
            return !state.opened
        }
        guard first, let path else { return nil }
        switch BoundedFile.read(path, limit: 4 << 20, links: .never) {
        case .success(let bytes):
            guard let kept = try? JSONDecoder().decode(Kept.self, from: Data(bytes)),
                kept.version == 1
            else { return "\(path): expected the kept configuration (JSON, version 1); ignored" }
            state.withLock { state in
                for document in kept.documents { state.good[document.layer] = document }
            }
            return nil
        case .failure(let error):
            return error.isMissing ? nil : "\(error); the kept configuration is not used"
        }
    }

    /// The documents of `layers` in that order: the one being tried in its layer's place,
    /// else the good one.
    public func documents(layers: [String]) -> [Document] {
        state.withLock { state in
            layers.compactMap { layer in
                if let trial = state.trial, trial.layer == layer { return trial.document }
                return state.good[layer]
            }
        }
    }

    /// Takes `payload` for `layer`: an empty payload removes the layer's document.
    public func offer(layer: String, payload: [UInt8]) -> Offer {
        let revision = Self.revision(of: payload)
        guard payload.count <= Self.limit else {
            let refusal = FleetState.Refusal(
                layer: layer, revision: revision,
                error: "fleet/\(layer)@\(revision): \(payload.count) bytes: expected at most "
                    + "\(Self.limit) bytes of TOML")
            state.withLock { $0.refused = refusal }
            return .refused(refusal)
        }
        guard let text = String(validating: payload, as: UTF8.self) else {
            let refusal = FleetState.Refusal(
                layer: layer, revision: revision,
                error: "fleet/\(layer)@\(revision): expected TOML in UTF-8, found other bytes")
            state.withLock { $0.refused = refusal }
            return .refused(refusal)
        }
        let document =
            payload.isEmpty ? nil : Document(layer: layer, revision: revision, text: text)
        return state.withLock { state in
            let last = state.queue.last { $0.layer == layer }?.document ?? state.good[layer]
            guard document != last else { return .same }
            state.queue.append((layer, document))
            return .queued
        }
    }

    /// The next document to try, now the one being tried; nil when one is tried already or
    /// none waits.
    public func nextTrial() -> (layer: String, document: Document?)? {
        state.withLock { state in
            guard state.trial == nil, !state.queue.isEmpty else { return nil }
            let next = state.queue.removeFirst()
            state.trial = next
            return next
        }
    }

    /// Ends the trial: applied, its document becomes its layer's good one and the file is
    /// replaced; refused (`message`, the reload's words), the good one stays.
    public func finish(
        applied: Bool, message: String, log: Logger = Logger(label: "nightstand.fleet")
    ) {
        let path = state.withLock { state -> String? in
            guard let trial = state.trial else { return nil }
            state.trial = nil
            let revision = trial.document?.revision ?? Self.revision(of: [])
            guard applied else {
                state.refused = FleetState.Refusal(
                    layer: trial.layer, revision: revision, error: message)
                return nil
            }
            state.good[trial.layer] = trial.document
            if state.refused?.layer == trial.layer { state.refused = nil }
            return state.path
        }
        guard let path else { return }
        let started = DetachedThread.start(name: "fleet config") { [self] in save(to: path, log) }
        if !started { save(to: path, log) }
    }

    /// Replaces the file with the good documents now.
    private func save(to path: String, _ log: Logger) {
        saving.withLock { _ in
            let documents = state.withLock { $0.good.values.sorted { $0.layer < $1.layer } }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let bytes = Array((try? encoder.encode(Kept(documents: documents))) ?? Data())
            do {
                try AtomicFile.replace([bytes], at: path, durable: true)
            } catch {
                log.error(
                    "fleet: the configuration from the broker is applied, not kept: \(error)")
            }
        }
    }

    /// What a display of `layers` reports: the revisions applied, the last refusal.
    public func report(layers: [String]) -> FleetState.Config {
        state.withLock { state in
            var applied: [String: String] = [:]
            for layer in layers { applied[layer] = state.good[layer]?.revision }
            return FleetState.Config(layers: applied, refused: state.refused)
        }
    }

    /// Records why the documents kept could not be used at the start.
    public func refuseKept(_ why: String) {
        state.withLock { state in
            state.refused = FleetState.Refusal(layer: "kept", revision: "", error: why)
            state.good = [:]
        }
    }

    /// A document's revision: the 64-bit FNV-1a hash of its bytes, 16 hex digits.
    public static func revision(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
