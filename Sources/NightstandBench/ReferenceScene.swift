import Raster

/// The benchmark scene "standby-pair" of docs/bench-scene.md, drawn with Raster directly.
///
/// All sizes derive from the canvas size: margin and gap m = g = round(0.04 H), tile side
/// s = floor(min(H − 2m, (W − 2m − g) / 2)), two tiles centered; a clock tile and a ring-gauge
/// tile. `draw` is one full frame: clear, tiles, ring, four text runs.
struct ReferenceScene {
    let size: PixelSize
    /// Tile side in pixels.
    let side: Int
    /// Top-left of the first tile; the second is `side + gap` to its right.
    let origin: (x: Int, y: Int)
    let gap: Int
    private let bold: FontFace
    private let book: FontFace

    init(size: PixelSize, fonts: FontDatabase) throws {
        self.size = size
        let h = Double(size.height)
        let m = Int((0.04 * h).rounded(.toNearestOrAwayFromZero))
        gap = m
        side = Int(
            min(Double(size.height - 2 * m), Double(size.width - 2 * m - gap) / 2).rounded(.down))
        origin = ((size.width - 2 * side - gap) / 2, (size.height - side) / 2)
        bold = try fonts.face(
            atPath: ReferenceScene.fontDirectory + "/DejaVuSans-Bold.ttf", index: 0)
        book = try fonts.face(atPath: ReferenceScene.fontDirectory + "/DejaVuSans.ttf", index: 0)
    }

    /// Where Debian's fonts-dejavu-core puts the scene's fonts.
    static let fontDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The scene's parts, to time them one by one (`nightstand bench --parts`,
    /// Benchmarks/raster/breakdown.sh); the clear and its settling are always drawn.
    struct Parts: OptionSet {
        let rawValue: Int
        /// The two tiles.
        static let tiles = Parts(rawValue: 1)
        /// The ring's track and progress arc.
        static let ring = Parts(rawValue: 2)
        /// The four text runs.
        static let text = Parts(rawValue: 4)
        static let all: Parts = [.tiles, .ring, .text]

        /// The parts named in `list`, comma-separated (`tiles`, `ring`, `text`), or none for
        /// `none`; nil when a name is not one of those.
        init?(parsing list: String) {
            self = []
            guard list != "none" else { return }
            for name in list.split(separator: ",") {
                switch name {
                case "tiles": insert(.tiles)
                case "ring": insert(.ring)
                case "text": insert(.text)
                default: return nil
                }
            }
        }

        init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }

    /// Draws one full frame, every pixel written (the deferred clear settled): `parts` of it
    /// on the cleared screen, by default all.
    func draw(on canvas: Canvas, parts: Parts = .all) {
        let s = Double(side)
        canvas.clear(.black)
        let x0 = Double(origin.x)
        let y0 = Double(origin.y)
        let x1 = x0 + s + Double(gap)
        if parts.contains(.tiles) {
            for x in [x0, x1] {
                canvas.fill(
                    Raster.Path(
                        roundedRect: Rect(x: x, y: y0, width: s, height: s),
                        cornerRadius: 0.13 * s),
                    with: Paint(color: RGBA(hex: 0x1C1C1E)))
            }
        }
        if parts.contains(.text) {
            text(
                "10:09", bold, 0.27 * s, .white, centerX: x0 + 0.5 * s, baseline: y0 + 0.58 * s,
                canvas)
            text(
                "SAT 21", bold, 0.11 * s, RGBA(hex: 0xFF453A), centerX: x0 + 0.5 * s,
                baseline: y0 + 0.80 * s, canvas)
        }
        let center = Point(x: x1 + 0.5 * s, y: y0 + 0.45 * s)
        if parts.contains(.ring) {
            let radius = 0.30 * s
            var track = Raster.Path()
            track.addArc(
                center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi,
                clockwise: false)
            canvas.stroke(
                track, with: Paint(color: RGBA(hex: 0x3A3A3C)),
                style: StrokeStyle(lineWidth: 0.07 * s))
            var progress = Raster.Path()
            progress.addArc(
                center: center, radius: radius, startAngle: -.pi / 2,
                endAngle: -.pi / 2 + 0.72 * 2 * .pi,
                clockwise: false)
            canvas.stroke(
                progress, with: Paint(color: RGBA(hex: 0x30D158)),
                style: StrokeStyle(lineWidth: 0.07 * s, lineCap: .round))
        }
        if parts.contains(.text) {
            text("72%", bold, 0.14 * s, .white, centerX: center.x, baseline: y0 + 0.50 * s, canvas)
            text(
                "Battery", book, 0.09 * s, RGBA(hex: 0x8E8E93), centerX: center.x,
                baseline: y0 + 0.90 * s, canvas)
        }
        // The frame is done when all its bytes are: the clear's rows nothing covered.
        canvas.settlePixels()
    }

    /// A text run centered on its advance width, baseline at `baseline`.
    private func text(
        _ string: String, _ face: FontFace, _ pixelSize: Double, _ color: RGBA, centerX: Double,
        baseline: Double, _ canvas: Canvas
    ) {
        canvas.drawText(
            string, face: face, size: pixelSize, baseline: Point(x: centerX, y: baseline),
            alignment: .center, paint: Paint(color: color))
    }
}
