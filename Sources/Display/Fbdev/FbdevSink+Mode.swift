import CDRM
import Raster

/// What a framebuffer mode (`fb_var_screeninfo`) says: its pixel format and its refresh.
extension FbdevSink {
    /// The format of a mode's bitfields, or an error naming them.
    static func format(of v: fb_var_screeninfo, path: String) throws(FbdevError) -> PixelFormat {
        let bpp = Int(v.bits_per_pixel)
        guard v.red.length <= 8, v.green.length <= 8,
            let format = PixelFormat(
                bitsPerPixel: bpp, redOffset: Int(v.red.offset), greenOffset: Int(v.green.offset),
                blueOffset: Int(v.blue.offset))
        else {
            let layout =
                "red \(v.red.offset)/\(v.red.length) green \(v.green.offset)/\(v.green.length) "
                + "blue \(v.blue.offset)/\(v.blue.length)"
            throw .unsupportedFormat(path: path, bitsPerPixel: bpp, layout: layout)
        }
        return format
    }

    /// Seconds per refresh of a mode: the pixel clock (`pixclock`, picoseconds per pixel)
    /// times the pixels of a whole frame, blanking included (margins and sync lengths); 60 Hz
    /// where the driver gives no clock (`pixclock` 0, as DRM's fbdev emulation does), and
    /// within 1 to 1000 Hz.
    static func refreshInterval(of v: fb_var_screeninfo) -> Double {
        let across =
            Double(v.left_margin) + Double(v.xres) + Double(v.right_margin)
            + Double(v.hsync_len)
        let down =
            Double(v.upper_margin) + Double(v.yres) + Double(v.lower_margin)
            + Double(v.vsync_len)
        let seconds = Double(v.pixclock) * 1e-12 * across * down
        return seconds >= 0.001 && seconds <= 1 ? seconds : 1.0 / 60
    }
}
