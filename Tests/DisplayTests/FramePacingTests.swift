import CDRM
import Glibc
import Testing

@testable import Display

/// How motion is paced: the refresh interval of a DRM mode and of an fbdev mode from their
/// timings, and when an fbdev driver's FBIO_WAITFORVSYNC is not trusted.
@Suite struct FramePacingTests {
    @Test("a DRM mode's refresh comes from its pixel clock and totals, else vrefresh, else 60 Hz")
    func drmRefresh() {
        var mode = drmModeModeInfo()
        // CEA 1080p60: 148.5 MHz over 2200 × 1125.
        mode.clock = 148_500
        mode.htotal = 2200
        mode.vtotal = 1125
        mode.vrefresh = 60
        #expect(abs(1 / mode.refreshInterval - 60) < 1e-9)
        // VGA 640x480: 25.175 MHz over 800 × 525 is 59.94 Hz, which vrefresh rounds to 60.
        mode.clock = 25_175
        mode.htotal = 800
        mode.vtotal = 525
        #expect(abs(1 / mode.refreshInterval - 59.94) < 0.01)
        mode.clock = 0
        mode.vrefresh = 75
        #expect(abs(1 / mode.refreshInterval - 75) < 1e-9)
        mode.vrefresh = 0
        #expect(abs(1 / mode.refreshInterval - 60) < 1e-9)
    }

    @Test("an fbdev mode's refresh comes from pixclock and the margins; without a clock, 60 Hz")
    func fbdevRefresh() {
        var v = fb_var_screeninfo()
        v.xres = 800
        v.yres = 480
        // 33.3 MHz (30 030 ps a pixel), 1056 × 525 in all: 60.06 Hz.
        v.pixclock = 30030
        v.left_margin = 46
        v.right_margin = 210
        v.hsync_len = 0
        v.upper_margin = 23
        v.lower_margin = 22
        v.vsync_len = 0
        #expect(abs(1 / FbdevSink.refreshInterval(of: v) - 60.06) < 0.01)
        v.pixclock = 0
        #expect(abs(1 / FbdevSink.refreshInterval(of: v) - 60) < 1e-9)
    }

    @Test("FBIO_WAITFORVSYNC refused, or answered at once again and again, falls back to a timer")
    func verticalBlankTrust() {
        var refused = VerticalBlankWaits()
        #expect(refused.note(result: EINTR, seconds: 0.01) == nil)
        #expect(refused.works)
        let reason = refused.note(result: ENOTTY, seconds: 0)
        #expect(reason?.hasPrefix("FBIO_WAITFORVSYNC answered") == true)
        #expect(!refused.works)
        #expect(refused.note(result: ENOTTY, seconds: 0) == nil)

        var stub = VerticalBlankWaits()
        for _ in 0..<(VerticalBlankWaits.tooShortInARow - 1) {
            #expect(stub.note(result: 0, seconds: 0.0001) == nil)
        }
        // A real wait in between starts the count again.
        #expect(stub.note(result: 0, seconds: 0.012) == nil)
        for _ in 0..<(VerticalBlankWaits.tooShortInARow - 1) {
            #expect(stub.note(result: 0, seconds: 0.0001) == nil)
        }
        #expect(stub.works)
        #expect(stub.note(result: 0, seconds: 0.0001) != nil)
        #expect(!stub.works)
    }
}
