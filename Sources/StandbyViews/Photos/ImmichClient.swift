import FoundationEssentials
import SystemSupport

/// The few calls of Immich's API the photos view makes, as its OpenAPI description
/// (`open-api/immich-openapi-specs.json`, of Immich 1.112.1 and of 2.4.1, where these four
/// calls are the same) gives them: paths under the spec's server `/api`, the key in the
/// `x-api-key` header (the spec's `api_key` scheme), and the spec's field names.
///
/// - `GET /server/version` → `ServerVersionResponseDto` (`major`, `minor`, `patch`), asked
///   without the key;
/// - `GET /albums` → `[AlbumResponseDto]`, to find an album by its `albumName`;
/// - `GET /albums/{id}` → `AlbumResponseDto`, whose `assets` are `AssetResponseDto`s (`id`,
///   `type`, `isTrashed`);
/// - `GET /assets/{id}/thumbnail?size=preview` (`viewAsset`, `AssetMediaSize`): the photo at
///   Immich's preview size, the body as sent.
///
/// Every request has a deadline (``timeout``, ``previewTimeout``) and a body limit
/// (``SystemSupport/HTTPFetch/bodyLimit``); `send` blocks the calling thread (the photos
/// view's).
struct ImmichClient {
    typealias Send = @Sendable (HTTPRequest, TimeInterval) throws -> HTTPResponse

    /// `ServerVersionResponseDto`.
    struct Version: Decodable, Equatable, CustomStringConvertible {
        let major: Int
        let minor: Int
        let patch: Int

        var description: String { "\(major).\(minor).\(patch)" }

        /// Whether Nightstand knows this version's API: 1.106 (the first with
        /// `/assets/{id}/thumbnail` and `AssetMediaSize`) and later 1.x releases, and 2.x
        /// (whose description, of 2.4.1, gives the four calls as 1.112.1's does: the album's
        /// `assets` still required in `AlbumResponseDto`, the version asked without a key).
        var isKnown: Bool { (major == 1 && minor >= 106) || major == 2 }
    }

    /// The fields of an `AssetResponseDto` the view reads.
    struct Asset: Decodable, Equatable {
        let id: String
        /// `AssetTypeEnum`: `IMAGE`, `VIDEO`, `AUDIO`, `OTHER`.
        let type: String
        let isTrashed: Bool
    }

    /// The fields of an `AlbumResponseDto` the view reads.
    struct Album: Decodable {
        let id: String
        let albumName: String
        let assets: [Asset]
    }

    /// An album of `GET /albums` (whose `assets` may be empty there).
    private struct Listed: Decodable {
        let id: String
        let albumName: String
    }

    let settings: ImmichSettings
    let key: String
    let send: Send

    /// The deadline of a JSON request, in seconds.
    static let timeout: TimeInterval = 10
    /// The deadline of a photo's download, in seconds.
    static let previewTimeout: TimeInterval = 30

    /// The server's version.
    func version() throws(ImmichProblem) -> Version {
        try decode(Version.self, "ServerVersionResponseDto", try get("/server/version", key: false))
    }

    /// The id of the configured album: the setting itself when it is an id, else the id of
    /// the album with that name (exactly, or else ignoring case).
    func albumID() throws(ImmichProblem) -> String {
        let wanted = settings.album
        if UUID(uuidString: wanted) != nil { return wanted.lowercased() }
        let albums = try decode([Listed].self, "[AlbumResponseDto]", try get("/albums"))
        if let album = albums.first(where: { $0.albumName == wanted })
            ?? albums.first(where: { $0.albumName.lowercased() == wanted.lowercased() })
        {
            return album.id
        }
        let names = albums.prefix(10).map { "\"\($0.albumName)\"" }.joined(separator: ", ")
        throw ImmichProblem(
            "has no album named \"\(wanted)\" that this key may read; its albums: "
                + (names.isEmpty ? "none" : names))
    }

    /// The album `id`, with its assets.
    func album(_ id: String) throws(ImmichProblem) -> Album {
        try decode(Album.self, "AlbumResponseDto", try get("/albums/\(id)"))
    }

    /// The photo `id` at Immich's preview size, and the file name extension its type calls
    /// for (`jpg` or `png`).
    func preview(_ id: String) throws(ImmichProblem) -> (body: Data, extension: String) {
        let answer = try get(
            "/assets/\(id)/thumbnail", query: "size=preview", timeout: Self.previewTimeout)
        let type = answer.contentType.lowercased()
        if type.hasPrefix("image/jpeg") { return (answer.body, "jpg") }
        if type.hasPrefix("image/png") { return (answer.body, "png") }
        throw ImmichProblem(
            "sent the preview of \(id) as \(type.isEmpty ? "no type" : type); Nightstand shows "
                + "JPEG and PNG: set Image Settings → Preview format to JPEG in Immich",
            asset: true)
    }

    /// `GET` of `path` with the key (unless `key` is false); a status other than 2xx is a
    /// problem naming it.
    private func get(
        _ path: String, query: String? = nil, key: Bool = true, timeout: TimeInterval = timeout
    ) throws(ImmichProblem) -> HTTPResponse {
        let request = HTTPRequest(
            url: settings.endpoint(path, query: query), headers: ["Accept: */*"],
            credentials: key ? .header(name: "x-api-key", value: self.key) : nil)
        let answer: HTTPResponse
        do {
            answer = try send(request, timeout)
        } catch {
            throw ImmichProblem("\(error)", offline: true)
        }
        switch answer.status {
        case 200..<300: return answer
        case 401:
            throw ImmichProblem(
                "refused the API key in \(settings.apiKeyFile) (HTTP 401): make a new key "
                    + "in Immich (Account Settings → API Keys) and write it to that file")
        case 403:
            throw ImmichProblem(
                "lets this API key not read \(path) (HTTP 403): give the key the album.read "
                    + "and asset.view permissions, or use a key with all of them")
        case 400 where path.hasPrefix("/albums/"), 404 where path.hasPrefix("/albums/"):
            throw ImmichProblem(
                "has no album with the id \(settings.album) (HTTP \(answer.status))")
        default:
            throw ImmichProblem(
                "answered HTTP \(answer.status) to GET /api\(path)",
                asset: path.hasPrefix("/assets/"))
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ schema: String, _ answer: HTTPResponse)
        throws(ImmichProblem) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: answer.body)
        } catch {
            throw ImmichProblem(
                "answered with something that is not Immich's \(schema) (\(Self.reason(error))): "
                    + "is the url Immich's?")
        }
    }

    /// A decoding error in a few words: the missing or mistyped field.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "no field \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "field \(context.codingPath.map(\.stringValue).joined(separator: ".")) of another type"
        default: "not JSON"
        }
    }
}

/// Why a visit to Immich went wrong, in words for the log and the screen.
struct ImmichProblem: Error, Equatable, CustomStringConvertible {
    let description: String
    /// Whether the server could not be reached at all (gone, or the network is).
    let offline: Bool
    /// Whether the problem is one photo's only: the others are still fetched.
    let asset: Bool

    init(_ description: String, offline: Bool = false, asset: Bool = false) {
        self.description = description
        self.offline = offline
        self.asset = asset
    }
}
