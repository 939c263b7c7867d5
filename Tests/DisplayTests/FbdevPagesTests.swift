import Testing

@testable import Display

@Suite("fbdev pages: when panning double-buffers, and where each page is")
struct FbdevPagesTests {
    /// 800×600 at 32 bpp with 3 200-byte lines, `virtual` lines, panning by `step`.
    private func pages(
        virtual: Int, step: Int = 1, xOffset: Int = 0, yOffset: Int = 0, memory: Int? = nil
    ) -> FbdevPages? {
        FbdevPages(
            height: 600, virtualHeight: virtual, xOffset: xOffset, yOffset: yOffset,
            panStep: step, lineLength: 3200, bytesPerPixel: 4,
            memoryLength: memory ?? 3200 * virtual)
    }

    @Test("A virtual height of two screens pans between page 0 and page 1")
    func twoPages() throws {
        let p = try #require(pages(virtual: 1200))
        #expect(p.count == 2)
        #expect(p.offset(ofPage: 0) == 0)
        #expect(p.offset(ofPage: 1) == 600 * 3200)
        #expect(p.panOffset(ofPage: 0) == 0)
        #expect(p.panOffset(ofPage: 1) == 600)
    }

    @Test("xoffset shifts every page; one page sits where yoffset points")
    func offsets() throws {
        let two = try #require(pages(virtual: 1300, xOffset: 8, yOffset: 100))
        #expect(two.offset(ofPage: 1) == 600 * 3200 + 32)
        let one = try #require(pages(virtual: 1000, xOffset: 8, yOffset: 100))
        #expect(one.count == 1)
        #expect(one.offset(ofPage: 0) == 100 * 3200 + 32)
    }

    @Test(
        "One page when the virtual screen, the memory or the pan step does not allow two",
        arguments: [
            (virtual: 600, step: 1, memory: 3200 * 1200),  // bochs' default: yres_virtual = yres
            (virtual: 1199, step: 1, memory: 3200 * 1200),
            (virtual: 1200, step: 0, memory: 3200 * 1200),  // the driver does not pan
            (virtual: 1200, step: 7, memory: 3200 * 1200),  // 600 is no multiple of 7
            (virtual: 1200, step: 1, memory: 3200 * 1199),  // smem_len short of two screens
        ])
    func onePage(virtual: Int, step: Int, memory: Int) throws {
        let found = try #require(pages(virtual: virtual, step: step, memory: memory))
        #expect(found.count == 1)
    }

    @Test("A DRM driver's fbdev emulation never pans, whatever its virtual height")
    func drmEmulation() throws {
        #expect(FbdevPages.isDRMEmulation(id: "virtio_gpudrmfb"))
        #expect(FbdevPages.isDRMEmulation(id: "bochs-drmdrmfb"))
        #expect(!FbdevPages.isDRMEmulation(id: "BCM2708 FB"))
        let p = try #require(
            FbdevPages(
                height: 600, virtualHeight: 1200, xOffset: 0, yOffset: 0, panStep: 1,
                lineLength: 3200, bytesPerPixel: 4, memoryLength: 3200 * 1200,
                isDRMEmulation: true))
        #expect(p.count == 1)
    }

    @Test("A visible area beyond the device's memory is refused")
    func tooSmall() {
        #expect(pages(virtual: 600, yOffset: 1, memory: 3200 * 600) == nil)
        #expect(pages(virtual: 600, memory: 3200 * 600) != nil)
        #expect(
            FbdevError.memoryTooSmall(path: "/dev/fb0", needed: 10, available: 4).description
                == "fbdev: /dev/fb0 maps 4 bytes but its visible area needs 10")
    }
}
