import Raster
import Testing
import WidgetUI

@testable import Standby

/// The slots' places on the screen.
@Suite("Scene layout")
struct SceneLayoutTests {
    @Test("right to left, the row is mirrored: the first slot on the right, sizes unchanged")
    func mirrored() {
        var layout = LayoutConfiguration()
        layout.margin = 20
        layout.gap = 10
        let screen = PixelSize(width: 800, height: 480)
        let ltr = SceneLayout(screen: screen, layout: layout, count: 3)
        let rtl = SceneLayout(screen: screen, layout: layout, count: 3, direction: .rightToLeft)
        #expect(ltr.slots.map(\.x) == ltr.slots.map(\.x).sorted(), "left to right")
        #expect(ltr.slots[0].x == 20 + (800 - 40 - 20 - 3 * ltr.slots[0].width) / 2)
        #expect(rtl.slots == ltr.slots.reversed())
        #expect(rtl.slots[0].x + rtl.slots[0].width == ltr.slots[2].x + ltr.slots[2].width)
        let one = SceneLayout(screen: screen, layout: layout, count: 1, direction: .rightToLeft)
        #expect(one.slots == SceneLayout(screen: screen, layout: layout, count: 1).slots)
    }
}
