#if canImport(Glibc)
    import Glibc
#endif

/// A shared `mmap(2)` of device memory (a dumb buffer, an fbdev framebuffer) that unmaps itself.
final class MemoryMapping {
    /// The first mapped byte.
    let base: UnsafeMutableRawPointer
    /// Bytes mapped.
    let length: Int
    private var mapped = true

    /// Maps `length` bytes of `fd` at `offset`, read-write, shared; on failure returns errno.
    static func map(fd: Int32, length: Int, offset: Int) -> Result<MemoryMapping, SystemError> {
        let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let p, p != MAP_FAILED else { return .failure(SystemError(errno: errno)) }
        return .success(MemoryMapping(base: p, length: length))
    }

    private init(base: UnsafeMutableRawPointer, length: Int) {
        self.base = base
        self.length = length
    }

    /// Unmaps now (idempotent).
    func unmap() {
        if mapped { munmap(base, length) }
        mapped = false
    }

    deinit { unmap() }
}
