import CSystemSupport

/// The pages of the program's code and constants that it holds resident.
///
/// Starting up runs code and reads constants that a running display never uses again
/// (arguments, the configuration's parsing and checks, fonts looked up, the first layout), and
/// the kernel maps each file page in with its neighbours (64 KiB around each fault): they stay
/// resident until memory runs short. ``release()`` gives back the read-only pages of the
/// binary and its libraries; what runs afterwards maps its pages in again from the page cache
/// (minor faults, no disk), so the resident set becomes what the display uses.
///
/// ```swift
/// ResidentPages.release()   // after start-up, before the first frame
/// ```
package enum ResidentPages {
    /// Gives back the resident read-only pages (code, constants) of every loaded object.
    ///
    /// MADV_DONTNEED on them; writable and relocated pages stay. Returns the bytes advised.
    @discardableResult
    package static func release() -> Int {
        Int(nightstand_release_readonly_pages(nil, 0))
    }
}
