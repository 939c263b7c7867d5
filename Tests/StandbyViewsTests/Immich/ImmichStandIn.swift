import Foundation
import NightstandTesting

/// A stand-in for an Immich server on loopback, for tests: a small Python program
/// (`immich-stand-in.py`, beside this file) that answers
/// the four calls the photos view makes exactly as Immich's OpenAPI description
/// (`open-api/immich-openapi-specs.json`, Immich 1.112.1) gives them — the paths under `/api`,
/// the `x-api-key` header, `ServerVersionResponseDto`, `AlbumResponseDto` and
/// `AssetResponseDto` with every field the spec requires, `viewAsset`'s `size` of
/// `AssetMediaSize`, HTTP 401 for a missing or wrong key — and logs every request.
///
/// Its state is a JSON file the test rewrites (`album`, `key`, `version`), read at every
/// request; a photo's preview is the file `assets/<id>.jpg`. ``stop()`` kills it (the
/// server going away); ``start()`` starts it again on the same port.
final class ImmichStandIn {
    let folder: TemporaryFolder
    private(set) var port = 0
    private var process: Process?

    /// The album's id in every test.
    static let albumID = "a1b2c3d4-0000-4000-8000-000000000001"

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path("assets"), withIntermediateDirectories: true)
        try state(photos: [], key: "right-key")
        try start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// The asset id of photo number `n`.
    static func asset(_ n: Int) -> String {
        String(format: "0000000%d-aaaa-4bbb-8ccc-%012d", n % 10, n)
    }

    /// Sets what the server holds: an album "Bedside" with `photos` (asset numbers), `others`
    /// (assets of other types: `[number: "VIDEO"]`), the key it accepts and its version.
    func state(
        photos: [Int], others: [Int: String] = [:], trashed: Set<Int> = [], key: String,
        version: [Int] = [1, 112, 1], previewType: String = "image/jpeg"
    ) throws {
        var assets: [[String: Any]] = photos.map {
            ["id": Self.asset($0), "type": "IMAGE", "isTrashed": trashed.contains($0)]
        }
        assets += others.sorted { $0.key < $1.key }.map {
            ["id": Self.asset($0.key), "type": $0.value, "isTrashed": false]
        }
        let state: [String: Any] = [
            "album": ["id": Self.albumID, "albumName": "Bedside", "assets": assets],
            "key": key, "version": version, "previewType": previewType,
        ]
        let data = try JSONSerialization.data(withJSONObject: state)
        try data.write(to: URL(fileURLWithPath: folder.path("state.json")), options: .atomic)
    }

    /// Writes photo `n`'s preview: `bytes`.
    func preview(_ n: Int, _ bytes: Data) throws {
        try bytes.write(to: URL(fileURLWithPath: folder.path("assets/\(Self.asset(n)).jpg")))
    }

    /// The requests so far: `GET /api/albums key=right-key`, oldest first.
    var requests: [String] {
        ((try? String(contentsOfFile: folder.path("requests"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.program, folder.path(""), "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? FileManager.default.removeItem(atPath: folder.path("port"))
        try process.run()
        self.process = process
        for _ in 0..<100 {
            if let text = try? String(contentsOfFile: folder.path("port"), encoding: .utf8),
                let found = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                port = found
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw StandInFailure()
    }

    func stop() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    struct StandInFailure: Error, CustomStringConvertible {
        var description: String { "the Immich stand-in did not start" }
    }

    /// The server's program, beside this file.
    static let program = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("immich-stand-in.py").path
}
