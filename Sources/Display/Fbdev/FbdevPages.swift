/// Where frames go in an fbdev mapping: two pages flipped by panning when the virtual
/// screen holds them, else the visible area.
///
/// Page `i` of two starts at line `i × yres`; `FBIOPAN_DISPLAY` with that `yoffset` shows it.
/// Panning needs a virtual height of at least two screens, memory for both, and a driver that
/// pans by lines (`ypanstep` dividing `yres`: fbdev refuses other offsets). One page is the
/// visible area where `yoffset` points. `xoffset` shifts every page.
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
    /// the screen info, `memoryLength` (`smem_len`) bytes mapped; nil when the visible area
    /// does not fit in memory.
    init?(
        height: Int, virtualHeight: Int, xOffset: Int, yOffset: Int, panStep: Int,
        lineLength: Int, bytesPerPixel: Int, memoryLength: Int
    ) {
        self.lineLength = lineLength
        self.height = height
        columnOffset = xOffset * bytesPerPixel
        visibleLine = yOffset
        guard (yOffset + height) * lineLength <= memoryLength else { return nil }
        let pans = panStep > 0 && height % panStep == 0
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
}
