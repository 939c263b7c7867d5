import Glibc
import Raster
import StandbyViews

/// `nightstand bench --transition`: one frame of each kind of motion, against copying a
/// frame's bytes.
///
/// For each size it prints the median milliseconds of
/// - `memcpy_ms`: copying a frame's bytes once (`memcpy`, what any moving frame costs at least);
/// - `view_swipe_ms`: a view switch a third of the way (two pictures slid side by side over
///   the whole screen: ``StandbyViews/PageSlide``);
/// - `stack_swipe_ms`: a stack swipe in the reference scene's first tile (the same, up and
///   down, in one slot);
/// - `cross_fade_ms`: two photos blended over the whole screen
///   (``Raster/Canvas/crossFade(from:to:progress:in:)``): a frame of the photos view's fade,
///   whose two photos are made once per fade with the shade, the time and the night's color
///   already on them;
///
/// and each as a multiple of `memcpy_ms` (`…_x`). The pictures are the reference scene's frame
/// and its night pass.
struct TransitionBench {
    let size: PixelSize
    let repeats: Int
    let fonts: FontDatabase

    /// The figures' line, such as `size=800x480 memcpy_ms=0.0274 view_swipe_ms=… …`.
    func measure() throws -> String {
        let scene = try ReferenceScene(size: size, fonts: fonts)
        let canvas = Canvas(size: size)
        scene.draw(on: canvas)
        let day = Bitmap(copying: canvas)
        canvas.apply(.monochrome(tint: RGBA(red: 1, green: 0, blue: 0)))
        let night = Bitmap(copying: canvas)
        let tile = IntRect(
            x: scene.origin.x, y: scene.origin.y, width: scene.side, height: scene.side)
        let tiles = (Self.crop(day, tile), Self.crop(night, tile))

        let memcpy = Self.memcpyMilliseconds(bytes: size.width * size.height * 4, repeats)
        let views = PageSlide(axis: .horizontal, rect: canvas.bounds)
        let frame = Pager.Frame(page: 0, neighbour: 1, offset: 1.0 / 3)
        let viewSwipe = BenchCommand.median(repeats) {
            views.draw(frame, page: day, neighbour: night, on: canvas)
        }
        let stack = PageSlide(axis: .vertical, rect: tile)
        let stackSwipe = BenchCommand.median(repeats) {
            stack.draw(frame, page: tiles.0, neighbour: tiles.1, on: canvas)
        }
        let crossFade = BenchCommand.median(repeats) {
            canvas.crossFade(from: day, to: night, progress: 0.37)
        }
        func field(_ name: String, _ ms: Double) -> String {
            " \(name)_ms=\(BenchCommand.format(ms)) \(name)_x=\((ms / memcpy).fixed(2))"
        }
        return "size=\(size) memcpy_ms=\(BenchCommand.format(memcpy))"
            + field("view_swipe", viewSwipe) + field("stack_swipe", stackSwipe)
            + field("cross_fade", crossFade)
    }

    /// The part `rect` of `picture`, as a picture of its own.
    static func crop(_ picture: Bitmap, _ rect: IntRect) -> Bitmap {
        let canvas = Canvas(size: rect.size)
        canvas.copy(picture, to: (-rect.x, -rect.y))
        return Bitmap(copying: canvas)
    }

    /// The median milliseconds of copying `bytes` between two buffers of that size.
    static func memcpyMilliseconds(bytes: Int, _ repeats: Int) -> Double {
        let from = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let to = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer {
            from.deallocate()
            to.deallocate()
        }
        memset(from, 1, bytes)
        memset(to, 2, bytes)
        return BenchCommand.median(repeats) { memcpy(to, from, bytes) }
    }
}
