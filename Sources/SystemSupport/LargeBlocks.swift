import CSystemSupport

/// Large memory blocks (a screen's pixels: 7.9 MiB at 1920x1080) go back to the kernel when
/// freed.
///
/// glibc's malloc maps blocks of 128 KiB and more of their own, but when such a block is freed
/// it raises that threshold to the freed block's size (up to 32 MiB), and the free space it
/// leaves at the top of a heap to twice that, so from then on a screen-sized block comes from
/// the heap, and once freed stays there. The photos view decodes a photo a turn and lets the
/// last one go: with the threshold moving, a display showing photos kept about one screen
/// more than it held (docs/performance.md). ``fixThreshold()`` keeps the threshold at
/// ``threshold``, so a screen, a photo or a fade's picture is mapped when made and unmapped
/// when let go.
///
/// ```swift
/// if !LargeBlocks.fixThreshold() { log.debug("malloc keeps its own threshold") }
/// ```
package enum LargeBlocks {
    /// The size from which a block is mapped of its own: 1 MiB (a 512x512 picture).
    package static let threshold = 1 << 20

    /// Fixes glibc's threshold, and the free space a heap keeps at its top, at ``threshold``
    /// for the process; false when malloc refused.
    package static func fixThreshold() -> Bool {
        nightstand_fix_mmap_threshold(Int32(threshold)) == 1
    }
}
