import CSystemSupport
import Synchronization

/// The pages of the program's code and constants that it holds resident.
///
/// Starting up runs code and reads constants that a running display never uses again
/// (arguments, the configuration's parsing and checks, fonts looked up, the first layout), and
/// the kernel maps each file page in with its neighbours (64 KiB around each fault): they stay
/// resident until memory runs short. A TLS handshake does the same with OpenSSL's code
/// (about 3 MiB of libcrypto and libssl, once per connection). ``trim()`` gives back the
/// read-only pages of the binary and its libraries; what runs afterwards maps its pages in
/// again from the page cache (minor faults, no disk), so the resident set becomes what the
/// display uses.
///
/// It does so only when ``isTrimming`` is on, which the program's own run turns on. It is
/// called where code that runs once has just run (start-up, the first frame, an MQTT
/// connection's handshake), and before such code starts on top of what is resident (the
/// handshake again): the peak is then the display's steady pages and one burst, not the
/// bursts piled up. Tests and one-shot commands leave it off.
///
/// ```swift
/// ResidentPages.isTrimming = true   // `nightstand run`
/// ResidentPages.trim()              // after start-up, before the first frame
/// ```
package enum ResidentPages {
    private static let on = Atomic(false)

    /// Whether ``trim()`` gives the pages back (any thread).
    package static var isTrimming: Bool {
        get { on.load(ordering: .relaxed) }
        set { on.store(newValue, ordering: .relaxed) }
    }

    /// Gives the read-only pages back when ``isTrimming`` is on.
    ///
    /// Safe on any thread: a thread running code whose page went maps it in again.
    package static func trim() {
        if isTrimming { release() }
    }

    /// Gives back the resident read-only pages (code, constants) of every loaded object:
    /// MADV_DONTNEED on them; writable and relocated pages stay.
    private static func release() {
        _ = nightstand_release_readonly_pages(nil, 0)
    }
}
