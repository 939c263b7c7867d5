import FoundationEssentials
import Glibc
import NightstandTesting
import Testing

@testable import SystemSupport

/// Reading files from outside without blocking or overrunning memory, and replacing output
/// files atomically, with the OS error on every failure.
@Suite("Bounded reads and atomic writes")
struct FileSafetyTests {
    /// A new private directory (mode 0700), removed by the caller.
    private func directory() throws -> String {
        let path = "/tmp/nightstand-files-\(UUID().uuidString)"
        guard mkdir(path, 0o700) == 0 else {
            throw AtomicFileError(path: path, step: "mkdir", errno: errno)
        }
        return path
    }

    private func write(_ text: String, to path: String) throws {
        try AtomicFile.replace([Array(text.utf8)], at: path)
    }

    private func contents(_ path: String) -> String? {
        (try? BoundedFile.read(path, limit: 1 << 20).get()).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test("a regular file, a procfs file (size 0) and a file of exactly the limit are read")
    func reads() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        try write("12.5\n", to: dir + "/lux")
        #expect(contents(dir + "/lux") == "12.5\n")
        #expect(contents("/proc/self/status")?.hasPrefix("Name:") == true)
        try write(String(repeating: "x", count: 5000), to: dir + "/big")
        #expect(try BoundedFile.read(dir + "/big", limit: 5000).get().count == 5000)
        #expect(
            BoundedFile.read(dir + "/big", limit: 4999)
                == .failure(BoundedFileError(path: dir + "/big", problem: .tooLarge(limit: 4999))))
    }

    @Test("a FIFO nobody writes fails at once instead of blocking; devices are refused")
    func fifosAndDevices() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/lux"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            BoundedFile.read(fifo, limit: 4096)
                == .failure(BoundedFileError(path: fifo, problem: .notRegular("a FIFO"))))
        let zero = BoundedFile.read("/dev/zero", limit: 4096)
        #expect(
            zero
                == .failure(
                    BoundedFileError(path: "/dev/zero", problem: .notRegular("a character device")))
        )
        #expect(
            (try? zero.get()) == nil
                && "\(BoundedFileError(path: "/dev/zero", problem: .notRegular("a character device")))"
                    == "/dev/zero: a character device, not a regular file"
        )
        #expect(
            BoundedFile.read(dir, limit: 4096)
                == .failure(BoundedFileError(path: dir, problem: .notRegular("a directory"))))
    }

    @Test("a link in a directory others can write is not followed; in a private one it is")
    func sharedLinks() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        try write("secret", to: dir + "/target")
        #expect(symlink(dir + "/target", dir + "/link") == 0)
        #expect(contents(dir + "/link") == "secret")
        #expect(chmod(dir, 0o1777) == 0)
        #expect(
            BoundedFile.read(dir + "/link", limit: 4096)
                == .failure(BoundedFileError(path: dir + "/link", problem: .sharedLink)))
        #expect(contents(dir + "/target") == "secret")
    }

    @Test("a secret's link is refused wherever it is; check opens and closes without reading")
    func neverLinksAndCheck() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        try write("secret", to: dir + "/target")
        #expect(symlink(dir + "/target", dir + "/link") == 0)
        #expect(
            BoundedFile.read(dir + "/link", limit: 4096, links: .never)
                == .failure(BoundedFileError(path: dir + "/link", problem: .link)))
        #expect(BoundedFile.check(dir + "/link", limit: 4096) == .success(6))
        #expect(
            BoundedFile.check(dir + "/link", limit: 5)
                == .failure(BoundedFileError(path: dir + "/link", problem: .tooLarge(limit: 5))))
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        #expect(
            BoundedFile.check(dir + "/fifo", limit: 4096)
                == .failure(BoundedFileError(path: dir + "/fifo", problem: .notRegular("a FIFO"))))
    }

    @Test("a write replaces the file whole and leaves no temporary file")
    func replaces() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.replace([Array("P6\n".utf8), [1, 2, 3]], at: dir + "/screen.ppm")
        try AtomicFile.replace([Array("new".utf8)], at: dir + "/screen.ppm", durable: true)
        #expect(contents(dir + "/screen.ppm") == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["screen.ppm"])
    }

    @Test("another user's link at the output is replaced, never written through")
    func linkAtTarget() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        try write("precious", to: dir + "/passwd")
        #expect(symlink(dir + "/passwd", dir + "/screen.png") == 0)
        try write("frame", to: dir + "/screen.png")
        #expect(contents(dir + "/passwd") == "precious")
        #expect(contents(dir + "/screen.png") == "frame")
    }

    @Test(
        "a full disk, a missing directory, no permission and a directory in the way fail with the OS error"
    )
    func failures() throws {
        let dir = try directory()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        let full = expectError(AtomicFileError.self) { try write("x", to: "/dev/full") }
        #expect(full == AtomicFileError(path: "/dev/full", step: "write", errno: ENOSPC))
        #expect(
            full?.description
                == "cannot write /dev/full: No space left on device (errno 28, at write)")
        let missing = expectError(AtomicFileError.self) {
            try write("x", to: dir + "/no/screen.png")
        }
        #expect(
            missing == AtomicFileError(path: dir + "/no/screen.png", step: "create", errno: ENOENT))
        #expect(mkdir(dir + "/screen.png", 0o700) == 0 && mkdir(dir + "/screen.png/in", 0o700) == 0)
        let inTheWay = expectError(AtomicFileError.self) {
            try write("x", to: dir + "/screen.png")
        }
        #expect(inTheWay?.step == "rename")
        #expect(chmod(dir, 0o755) == 0)
        let denied = expectError(AtomicFileError.self) {
            try asUnprivilegedUser { try write("x", to: dir + "/other.png") }
        }
        #expect(denied == AtomicFileError(path: dir + "/other.png", step: "create", errno: EACCES))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["screen.png"])
    }
}
