/// Where frames go in an fbdev mapping: two pages flipped by panning when the virtual
/// screen holds them, else the visible area.
///
/// Page `i` of two starts at line `i × yres`; `FBIOPAN_DISPLAY` with that `yoffset` shows it.
/// Panning needs a virtual height of at least two screens, memory for both, and a driver that
/// pans by lines (`ypanstep` dividing `yres`: fbdev refuses other offsets). One page is the
/// visible area where `yoffset` points. `xoffset` shifts every page.
///
/// A DRM driver's fbdev emulation (`fix.id` ending in `drmfb`) never pans: measured on Linux
/// 6.1 in QEMU, a frame drawn into the hidden page and panned to stayed black after a VT switch,
/// on virtio-gpu and bochs-drm alike. Such a device has a DRM card, which the drm backend
/// drives directly. A native driver pans: `cirrusfb` in the QEMU end-to-end test.
struct FbdevPages: Equatable {
    /// 2 when panning double-buffers, else 1.
    let count: Int
    /// Bytes per line (`line_length`).
    let lineLength: Int
    /// Visible lines.
    let height: Int
    /// The byte offset of column `xoffset`.
    let columnOffset: Int
    /// The visible area's first line in single-page mode.
    let visibleLine: Int

    /// The layout of a mode: `yres`, `yres_virtual`, `xoffset`, `yoffset` and `ypanstep` from
    /// the screen info, `memoryLength` (`smem_len`) bytes mapped, and whether the device is a
    /// DRM driver's fbdev emulation; nil when the visible area does not fit in memory.
    init?(
        height: Int, virtualHeight: Int, xOffset: Int, yOffset: Int, panStep: Int,
        lineLength: Int, bytesPerPixel: Int, memoryLength: Int, isDRMEmulation: Bool = false
    ) {
        self.lineLength = lineLength
        self.height = height
        columnOffset = xOffset * bytesPerPixel
        visibleLine = yOffset
        guard (yOffset + height) * lineLength <= memoryLength else { return nil }
        let pans = panStep > 0 && height % panStep == 0 && !isDRMEmulation
        count =
            pans && virtualHeight >= 2 * height && 2 * height * lineLength <= memoryLength
            ? 2 : 1
    }

    /// The byte offset of page `index`'s first visible pixel.
    func offset(ofPage index: Int) -> Int {
        (count == 2 ? index * height : visibleLine) * lineLength + columnOffset
    }

    /// The `yoffset` that shows page `index` (two pages only).
    func panOffset(ofPage index: Int) -> Int { index * height }

    /// Whether `id` (`fb_fix_screeninfo.id`) names a DRM driver's fbdev emulation
    /// (`virtio_gpudrmfb`, `bochs-drmdrmfb`; the kernel appends `drmfb` to the driver's name).
    static func isDRMEmulation(id: String) -> Bool { id.hasSuffix("drmfb") }
}
