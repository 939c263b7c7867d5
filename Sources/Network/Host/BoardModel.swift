import SystemSupport

/// The board this runs on, as its firmware names it: the device tree's `model` on ARM boards
/// (`Raspberry Pi 4 Model B Rev 1.4`), else the DMI product name of a PC or a virtual machine
/// (`Standard PC (Q35 + ICH9, 2009)`).
public enum BoardModel {
    /// The model, trimmed of the device tree's NUL and of white space; nil where neither file
    /// reads (a container) or names nothing.
    public static var current: String? {
        read([
            "/proc/device-tree/model", "/sys/firmware/devicetree/base/model",
            "/sys/class/dmi/id/product_name",
        ])
    }

    /// The first of `paths` that reads as a name, at most 128 bytes of it, escaped.
    static func read(_ paths: [String]) -> String? {
        for path in paths {
            guard case .success(let bytes) = BoundedFile.read(path, limit: 4096) else { continue }
            let text = String(decoding: bytes.prefix { $0 != 0 }.prefix(128), as: UTF8.self)
                .trimmingWhitespace()
            if !text.isEmpty { return OutsideText.escaped(text) }
        }
        return nil
    }
}

extension ListenAddress {
    /// The web page's address as another machine on the network reaches it: the host name
    /// where the server listens on every interface (`0.0.0.0`, `::`).
    public var webPage: String {
        let host: String
        switch self.host {
        case "0.0.0.0", "::": host = HostName.current
        case let address where address.contains(":"): host = "[\(address)]"
        case let address: host = address
        }
        return "http://\(host):\(port)/"
    }
}
