import Foundation

/// Whether `condition` came to hold within `seconds`, checked every 20 ms.
///
/// For what another thread or process does in its own time.
///
/// ```swift
/// #expect(eventually { bridge.connection == .connected })
/// ```
public func eventually(seconds: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(20_000)
    }
    return true
}
