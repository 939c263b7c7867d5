import FoundationEssentials
import Settings
import SystemSupport

/// Where the photos view takes an Immich album from: `[photos] immich = { … }`.
///
/// ```toml
/// [photos]
/// immich = { url = "http://immich.local:2283", album = "Bedside", api_key_file = "/etc/nightstand/immich-key" }
/// ```
///
/// The album is named by its name (as Immich shows it) or by its id. The API key's file is
/// read before every visit to the server, so a key changed in the file counts at the next
/// visit; only its owner may read it (`chmod 600`), or it is one of the service's systemd
/// credentials. The photos are kept in ``cache`` (default
/// `$XDG_CACHE_HOME/nightstand/immich`), at most ``cacheLimit`` bytes of them.
public struct ImmichSettings: Sendable, Equatable {
    /// The server, without `/api`: `http://immich.local:2283`.
    public var url: URL
    /// The album's name or id.
    public var album: String
    /// The file whose first line is the API key.
    public var apiKeyFile: String
    /// The folder of downloaded photos.
    public var cache: String
    /// The most bytes the cache holds; the oldest downloads leave first.
    ///
    /// Default: 200 MiB.
    public var cacheLimit = 200 << 20

    /// The keys of the `immich` table.
    public static let keys = ["url", "album", "api_key_file", "cache", "cache_mib"]

    /// An album on `url`.
    public init(url: URL, album: String, apiKeyFile: String, cache: String) {
        self.url = url
        self.album = album
        self.apiKeyFile = apiKeyFile
        self.cache = cache
    }

    /// Reads the `immich` table of `[photos]`; `environment` gives `XDG_CACHE_HOME` and
    /// `HOME` for the default cache.
    init(
        table: SettingsTable,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigurationError) {
        let table = table.named("[photos] immich")
        try table.rejectUnknown(Self.keys)
        func required(_ key: String, _ expected: String) throws(ConfigurationError) -> String {
            guard let value = try table.string(key), !value.isEmpty else {
                throw table.error(key, "expected \(expected)")
            }
            return value
        }
        let text = try required("url", "the server's address, as http://immich.local:2283")
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https",
            url.host?.isEmpty == false
        else {
            throw table.error(
                "url", expected: "an http:// or https:// address", found: .string(text))
        }
        self.init(
            url: url, album: try required("album", "the album's name or id"),
            apiKeyFile: try required("api_key_file", "the file of the API key"),
            cache: try table.string("cache") ?? CacheDirectory.path(environment: environment)
                + "/immich")
        if let megabytes = try table.int("cache_mib", in: NumberRange(10...100_000, "MiB")) {
            cacheLimit = megabytes << 20
        }
    }

    /// The server's `path` under `/api` (the spec's server), with `query`.
    func endpoint(_ path: String, query: String? = nil) -> URL {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/api" + path + (query.map { "?" + $0 } ?? "")
        return URL(string: text) ?? url
    }
}
