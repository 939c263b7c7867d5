import FoundationEssentials
import Glibc
import SystemSupport

/// An Immich album kept in a folder for the photos view.
///
/// Each visit asks the server for the album's photos, downloads those the folder lacks (at
/// most ``downloadsPerVisit``, at Immich's preview size), removes those the album no longer
/// holds, and keeps the folder under the size limit by removing the oldest downloads first. The view then reads the
/// folder as any other (``PhotoLibrary``), so what was downloaded shows while the server is
/// away.
///
/// A visit that fails leaves the folder as it was and logs one line; the first visit that
/// works again logs one line too. The API key's file is read at every visit, and the server's
/// version checked: a version whose API Nightstand does not know is refused with a message
/// naming it, and a change of version is logged.
///
/// Runs on the photos view's thread only, one visit at a time.
final class ImmichAlbum: @unchecked Sendable {
    // Sendable: used only by the view's thread (SlideLoader runs one job at a time).
    let settings: ImmichSettings
    private let send: ImmichClient.Send
    private let log: Logger
    /// The last visit's problem; nil after a visit that worked.
    private var problem: String?
    /// Whether the last visit found the server unreachable.
    private var away = false
    /// The version the last visit found.
    private var version: ImmichClient.Version?

    /// The most photos one visit downloads: the rest come at the next visits.
    static let downloadsPerVisit = 25
    /// The most photos of an album shown.
    static let maxAssets = 5000

    init(
        settings: ImmichSettings, log: Logger,
        send: @escaping ImmichClient.Send = { try HTTPFetch.sendWaiting($0, timeout: $1) }
    ) {
        self.settings = settings
        self.send = send
        self.log = log
    }

    /// Where the album is, for messages: `"Bedside" on http://immich.local:2283`.
    var name: String { "\"\(settings.album)\" on \(settings.url.absoluteString)" }

    /// Brings the folder up to date with the album, as far as the server lets; returns the
    /// problem that stopped it, if any.
    func visit() -> String? {
        let folder = settings.cache
        if let failure = Self.makeFolder(folder) {
            if failure != problem { log.warning("photos: Immich \(name): \(failure)") }
            problem = failure
            return failure
        }
        do throws(ImmichProblem) {
            let downloaded = try refresh()
            if problem != nil {
                log.info("photos: Immich \(name) answers again (\(downloaded) photos downloaded)")
            }
            problem = nil
            away = false
        } catch {
            let message = "\(error)"
            // Away is one state, whatever curl's words for it (refused, reset, timed out).
            if message != problem && !(error.offline && away) {
                let kept = Self.files(in: folder).count
                log.warning(
                    "photos: Immich \(name) \(message); showing the \(kept) photos kept in "
                        + folder)
            }
            problem = message
            away = error.offline
        }
        return problem
    }

    /// One visit; returns how many photos it downloaded.
    private func refresh() throws(ImmichProblem) -> Int {
        let key: String
        do throws(SettingsFileError) {
            key = try SecretFile.read(settings.apiKeyFile, key: "api_key_file", ownerOnly: true)
        } catch {
            throw ImmichProblem("can't be asked: \(error.message)")
        }
        let client = ImmichClient(settings: settings, key: key, send: send)
        let found = try client.version()
        guard found.isKnown else {
            throw ImmichProblem(
                "runs Immich \(found), whose API Nightstand does not know (it knows 1.106 "
                    + "to 2.x, checked against 1.112.1 and 2.4.1): the photos kept show until "
                    + "it does")
        }
        if let version, version != found {
            log.info("photos: Immich \(name) changed from \(version) to \(found)")
        }
        version = found
        let album = try client.album(try client.albumID())
        let wanted = album.assets.filter { $0.type == "IMAGE" && !$0.isTrashed }
            .prefix(Self.maxAssets).map(\.id)
        var kept = Self.files(in: settings.cache)
        let present = Set(wanted)
        for (id, file) in kept where !present.contains(id) {
            unlink(file.path)
            kept[id] = nil
        }
        _ = makeRoom(for: 0, in: &kept, keeping: [])
        var downloaded: Set<String> = []
        for id in wanted where kept[id] == nil && downloaded.count < Self.downloadsPerVisit {
            let preview: (body: Data, extension: String)
            do throws(ImmichProblem) {
                preview = try client.preview(id)
            } catch  where error.asset {
                log.warning("photos: Immich \(name): \(error)")
                continue
            }
            guard makeRoom(for: preview.body.count, in: &kept, keeping: downloaded) else { break }
            let path = settings.cache + "/" + id + "." + preview.extension
            if let failure = CacheFile.store(preview.body, at: path) {
                throw ImmichProblem(failure)
            }
            kept[id] = Self.File(path: path, size: preview.body.count, since: Date())
            downloaded.insert(id)
        }
        return downloaded.count
    }

    /// Removes the oldest downloads, but not those in `keeping` (this visit's), until `size`
    /// more bytes fit under the limit; false when they don't: an album larger than the cache
    /// shows in turns, a cache's worth at a time.
    private func makeRoom(for size: Int, in kept: inout [String: File], keeping: Set<String>)
        -> Bool
    {
        var total = kept.values.reduce(0) { $0 + $1.size }
        for (id, file) in kept.sorted(by: { $0.value.since < $1.value.since })
        where !keeping.contains(id) {
            guard total + size > settings.cacheLimit else { break }
            unlink(file.path)
            kept[id] = nil
            total -= file.size
        }
        return total + size <= settings.cacheLimit
    }

    /// A downloaded photo: its path, size, and when it was written.
    struct File {
        let path: String
        let size: Int
        let since: Date
    }

    /// The downloaded photos in `folder`, by asset id (`<id>.jpg`, `<id>.png`).
    static func files(in folder: String) -> [String: File] {
        let manager = FileManager.default
        var files: [String: File] = [:]
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."),
                ["jpg", "png"].contains(name[name.index(after: dot)...])
            else { continue }
            let path = folder + "/" + name
            let attributes = (try? manager.attributesOfItem(atPath: path)) ?? [:]
            files[String(name[..<dot])] = File(
                path: path, size: (attributes[.size] as? Int) ?? 0,
                since: (attributes[.modificationDate] as? Date) ?? .distantPast)
        }
        return files
    }

    /// Makes the folder (and its parents); the problem, if it can't be made.
    private static func makeFolder(_ folder: String) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true)
            return nil
        } catch {
            return "can't make the folder \(folder) for its photos"
        }
    }
}
