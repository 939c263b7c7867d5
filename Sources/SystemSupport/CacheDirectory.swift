import FoundationEssentials

/// Where built-in widgets and the photos view keep their downloads between runs: `$XDG_CACHE_HOME/nightstand`, or
/// `~/.cache/nightstand` without it.
package enum CacheDirectory {
    /// The directory, from `XDG_CACHE_HOME` and `HOME` in `environment`.
    package static func path(environment: [String: String]) -> String {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path)
                + "/.cache")
        return base + "/nightstand"
    }
}
