import CSystemSupport
import Glibc

/// Turns off transparent huge pages for this process, so its memory is what it touches.
///
/// With the kernel's THP policy `always` (Debian's kernels), the first touch of a 2 MiB-aligned
/// stretch of an anonymous mapping can be backed by a whole 2 MiB page: a thread stack that
/// uses a few kilobytes then counts 2 MiB. A display that idles for months gains nothing from
/// huge pages and should cost what it uses, so `nightstand run` turns them off at start.
///
/// ```swift
/// if let failure = HugePages.disable() { log.debug("huge pages stay on: \(failure)") }
/// ```
package enum HugePages {
    /// Asks the kernel (`prctl(PR_SET_THP_DISABLE)`) to back none of this process's memory with
    /// huge pages from now on; nil when it did, else the system's reason.
    package static func disable() -> String? {
        nightstand_disable_huge_pages() == 0 ? nil : systemError(errno)
    }

}
