import Foundation
import SystemSupport

@testable import BuiltinWidgets

/// A fake `/proc` and `/sys` tree in a temporary directory, as a Raspberry Pi 4 with 4 GB
/// shows them: what the system widget reads in tests instead of the machine's own.
struct FakeBoard {
    let root: String

    /// Writes the tree; `files` replace or add files (path relative to the root → contents),
    /// and a nil contents removes one.
    init(_ files: [String: String?] = [:]) throws {
        root = try temporaryDirectory()
        var tree: [String: String?] = [
            "proc/sys/kernel/hostname": "kitchen-pi\n",
            "proc/loadavg": "0.42 0.35 0.30 1/123 4567\n",
            "proc/meminfo": """
            MemTotal:        3884360 kB
            MemFree:          912308 kB
            MemAvailable:    1456636 kB
            Buffers:           81740 kB

            """,
            "proc/uptime": "273845.12 1046711.55\n",
            "sys/class/thermal/thermal_zone0/type": "cpu-thermal\n",
            "sys/class/thermal/thermal_zone0/temp": "48312\n",
            "sys/class/thermal/thermal_zone1/type": "gpu-thermal\n",
            "sys/class/thermal/thermal_zone1/temp": "51000\n",
        ]
        tree.merge(files) { _, new in new }
        for case (let path, let contents?) in tree {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// The interfaces a board on a home network has: loopback, then Wi-Fi.
    static let interfaces = [
        NetworkInterface(name: "lo", address: "127.0.0.1", isUp: true, isLoopback: true),
        NetworkInterface(name: "eth0", address: "169.254.3.3", isUp: false, isLoopback: false),
        NetworkInterface(name: "wlan0", address: "192.168.1.23", isUp: true, isLoopback: false),
    ]

    /// A reader of this tree with ``interfaces``.
    func reader(sensor: String? = nil, interfaces: [NetworkInterface] = Self.interfaces)
        -> SystemReader
    {
        SystemReader(root: root, sensor: sensor, interfaces: { interfaces })
    }
}
