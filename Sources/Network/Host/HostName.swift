#if canImport(Glibc)
    import Glibc
#endif

/// This machine's host name, which the MQTT defaults are made from.
enum HostName {
    /// `gethostname(2)`, or `nightstand` when it has none.
    static var current: String {
        var bytes = [CChar](repeating: 0, count: 256)
        guard gethostname(&bytes, bytes.count - 1) == 0 else { return "nightstand" }
        let name = String(
            decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "nightstand" : name
    }
}
