import SystemSupport

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

/// This machine's identity as systemd keeps it (`/etc/machine-id`, see machine-id(5)): set
/// once at installation, different on every machine, including two with the same host name.
enum MachineID {
    /// The id, or nil when the machine has none readable.
    static var current: String? {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            guard case .success(let bytes) = BoundedFile.read(path, limit: 256) else { continue }
            let id = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
            if !id.isEmpty { return id }
        }
        return nil
    }

    /// Eight hexadecimal digits that tell `id` from other machines' ids without giving it
    /// away (machine-id(5) asks applications not to publish the id itself): a hash of the id
    /// and `purpose`.
    ///
    /// ```swift
    /// MachineID.tag("0a1b…", purpose: "mqtt")  // "5f3c09d2"
    /// ```
    static func tag(_ id: String, purpose: String) -> String {
        // FNV-1a, 64 bits, folded to 32.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("nightstand \(purpose) ".utf8) + Array(id.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        let digits = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
