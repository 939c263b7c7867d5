import CSystemSupport
import Glibc

/// Who is at the other end of a connected Unix socket, as the kernel recorded it.
///
/// ```swift
/// if PeerCredentials.userID(of: socket) != getuid() { refuse() }
/// ```
package enum PeerCredentials {
    /// The user id of the process that made the other end of `socket` (SO_PEERCRED); nil when
    /// the kernel does not say (not a connected Unix socket).
    package static func userID(of socket: Int32) -> uid_t? {
        var uid: UInt32 = 0
        return nightstand_peer_uid(socket, &uid) == 0 ? uid_t(uid) : nil
    }
}
