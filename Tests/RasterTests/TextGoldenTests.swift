import NightstandTesting
import Raster
import Testing

/// Golden images of text, each scene ≤ 200×200.
///
/// Tolerance 1 per channel, as for geometry: the glyphs come from the FreeType and fonts of
/// Debian bookworm that scripts/deps installs; a different FreeType version (hinting, AA
/// gamma) changes edge pixels, and these goldens are then re-recorded on purpose.
@Suite("TextGoldens")
struct TextGoldenTests {
    private let fonts: FontDatabase

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
    }

    private func sheet(width: Int = 200, height: Int = 200, _ draw: (Canvas) throws -> Void)
        rethrows -> Canvas
    {
        let c = Canvas(width: width, height: height)
        c.clear(.black)
        try draw(c)
        return c
    }

    /// A hairline at a baseline, to check glyphs sit on it.
    private func baselineGuide(_ c: Canvas, y: Double) {
        c.fill(
            Rect(x: 0, y: y, width: Double(c.width), height: 1), with: Paint(color: .systemGray4))
    }

    @Test("Inter at several sizes and weights, each on a baseline guide")
    func sizesAndWeights() throws {
        let rows: [(FontWeight, Double)] = [
            (.ultraLight, 12), (.light, 15), (.regular, 18), (.medium, 22), (.semibold, 26),
            (.bold, 30), (.black, 34),
        ]
        let c = try sheet { c in
            var y = 4.0
            for (weight, size) in rows {
                let face = try fonts.face(weight: weight)
                let layout = TextLayout("Hg 10:09", face: face, size: size)
                y += layout.firstBaseline
                baselineGuide(c, y: y)
                c.draw(
                    layout, at: Point(x: 6, y: y - layout.firstBaseline),
                    paint: Paint(color: .white))
                y += layout.metrics.descent - 2
            }
        }
        assertGolden(c, named: "sizes-weights")
    }

    @Test("designs: default, monospaced, serif; kerning in DejaVu; tabular digits")
    func designsKerningTabular() throws {
        let c = try sheet { c in
            let paint = Paint(color: .white)
            c.drawText(
                "Default AVA", face: try fonts.face(), size: 24, baseline: Point(x: 6, y: 28),
                paint: paint)
            c.drawText(
                "Mono 0Oil", face: try fonts.face(design: .monospaced), size: 24,
                baseline: Point(x: 6, y: 60), paint: paint)
            c.drawText(
                "Serif AVA", face: try fonts.face(design: .serif), size: 24,
                baseline: Point(x: 6, y: 92), paint: paint)
            let dejavu = try fonts.face(family: "DejaVu Sans")
            c.drawText("AVAVA", face: dejavu, size: 24, baseline: Point(x: 6, y: 124), paint: paint)
            c.drawText(
                "AVAVA", face: dejavu, size: 24, baseline: Point(x: 100, y: 124),
                options: .init(kerning: false), paint: Paint(color: .systemGray))
            let bold = try fonts.face(weight: .bold)
            let tab = TextLayout.Options(monospacedDigits: true)
            c.drawText(
                "11:11", face: bold, size: 28, baseline: Point(x: 6, y: 160), options: tab,
                paint: paint)
            c.drawText(
                "00:00", face: bold, size: 28, baseline: Point(x: 6, y: 192), options: tab,
                paint: paint)
            c.drawText(
                "11:11", face: bold, size: 28, baseline: Point(x: 110, y: 160),
                paint: Paint(color: .systemGray))
            c.drawText(
                "00:00", face: bold, size: 28, baseline: Point(x: 110, y: 192),
                paint: Paint(color: .systemGray))
        }
        assertGolden(c, named: "designs-kerning-tabular")
    }

    @Test("the rounded design: Quicksand Bold, as StandBy's rounded clock faces use")
    func roundedDesign() throws {
        let c = try sheet { c in
            let rounded = try fonts.face(weight: .bold, design: .rounded)
            c.drawText(
                "10:09", face: rounded, size: 64, baseline: Point(x: 100, y: 90),
                alignment: .center, paint: Paint(color: .white))
            c.drawText(
                "Rounded 42", face: try fonts.face(design: .rounded), size: 28,
                baseline: Point(x: 100, y: 150), alignment: .center,
                paint: Paint(color: .systemOrange))
        }
        assertGolden(c, named: "rounded-design")
    }

    @Test("wrapping in a box, centered, and a two-line limit with an ellipsis")
    func wrappingAndTruncation() throws {
        let face = try fonts.face(weight: .medium)
        let c = sheet { c in
            c.fill(Rect(x: 10, y: 8, width: 180, height: 90), with: Paint(color: .systemGray6))
            let wrapped = TextLayout(
                "Lunch with Ana at the new place downtown, then groceries", face: face, size: 17,
                options: .init(maxWidth: 170, alignment: .center))
            c.draw(
                wrapped, at: Point(x: 15 + (170 - wrapped.size.width) / 2, y: 12),
                paint: Paint(color: .white))
            c.fill(Rect(x: 10, y: 108, width: 180, height: 84), with: Paint(color: .systemGray6))
            let limited = TextLayout(
                "Dentist appointment at the clinic across the river, bring the forms", face: face,
                size: 17, options: .init(maxWidth: 170, lineLimit: 2))
            c.draw(limited, at: Point(x: 15, y: 112), paint: Paint(color: .systemYellow))
            let one = TextLayout(
                "A single line that is far too long", face: face, size: 13,
                options: .init(maxWidth: 170, lineLimit: 1))
            c.draw(one, at: Point(x: 15, y: 166), paint: Paint(color: .systemGray))
        }
        assertGolden(c, named: "wrap-truncate")
    }

    @Test("emoji from Noto Color Emoji and an icon from Material Icons inside Inter text")
    func emojiAndIconFallback() throws {
        let face = try fonts.face(weight: .semibold)
        let c = sheet { c in
            c.drawText(
                "Sunny ☀️ 21°", face: face, size: 24, baseline: Point(x: 6, y: 40),
                paint: Paint(color: .white))
            c.drawText(
                "😀🎉", face: face, size: 48, baseline: Point(x: 6, y: 110),
                paint: Paint(color: .white))
            c.drawText(
                "\u{E88A} Home \u{E8B5}", face: face, size: 28, baseline: Point(x: 6, y: 160),
                paint: Paint(color: .systemOrange))
            c.drawText(
                "😀", face: face, size: 14, baseline: Point(x: 150, y: 190),
                paint: Paint(color: .white))
        }
        assertGolden(c, named: "emoji-icons")
    }

    @Test("the reference scene's clock tile at s = 200: DejaVu Sans Bold centered on its advance")
    func standbyClockTile() throws {
        let s = 200.0
        let bold = try fonts.face(family: "DejaVu Sans", weight: .bold)
        let c = sheet { c in
            c.fill(
                Path(roundedRect: Rect(x: 0, y: 0, width: s, height: s), cornerRadius: 0.13 * s),
                with: Paint(color: .systemGray6))
            c.drawText(
                "10:09", face: bold, size: 0.27 * s, baseline: Point(x: 0.5 * s, y: 0.58 * s),
                alignment: .center, paint: Paint(color: .white))
            c.drawText(
                "SAT 21", face: bold, size: 0.11 * s, baseline: Point(x: 0.5 * s, y: 0.80 * s),
                alignment: .center, paint: Paint(color: .systemRed))
        }
        assertGolden(c, named: "standby-clock-tile")
    }

    @Test("a canvas scaled by 2.5 draws 12-point text rasterized at 30 px, not a scaled bitmap")
    func scaledCanvas() throws {
        let face = try fonts.face()
        let c = sheet(width: 200, height: 100) { c in
            c.transform = Transform(scaleX: 2.5, y: 2.5)
            c.drawText(
                "Scale", face: face, size: 12, baseline: Point(x: 4, y: 14),
                paint: Paint(color: .white))
            c.drawText(
                "×2.5", face: face, size: 12, baseline: Point(x: 4, y: 32),
                paint: Paint(color: .systemGreen))
        }
        assertGolden(c, named: "scaled-canvas")
    }

    @Test("text through a rotation, a stretch and a shear: glyphs turn with their baseline")
    func transformedText() throws {
        let face = try fonts.face(family: "DejaVu Sans", weight: .bold)
        let c = sheet { c in
            let paint = Paint(color: .white)
            c.withSavedState {
                c.concatenate(Transform(rotation: -.pi / 6))
                c.concatenate(Transform(translationX: -22, y: 80))
                baselineGuide(c, y: 0)
                c.drawText("Tilt 30°", face: face, size: 26, baseline: .zero, paint: paint)
            }
            c.withSavedState {
                c.concatenate(Transform(translationX: 172, y: 8).rotated(by: .pi / 2))
                c.drawText(
                    "Side ☀️", face: face, size: 20, baseline: .zero,
                    paint: Paint(color: .systemYellow))
            }
            c.withSavedState {
                c.concatenate(Transform(translationX: 6, y: 130).scaledBy(x: 1.6, y: 0.8))
                c.drawText("Wide", face: face, size: 30, baseline: .zero, paint: paint)
            }
            c.withSavedState {
                c.concatenate(Transform(a: 1, b: 0, c: -0.35, d: 1, tx: 20, ty: 185))
                c.drawText(
                    "Slant", face: face, size: 30, baseline: .zero,
                    paint: Paint(color: .systemGreen))
            }
        }
        assertGolden(c, named: "transformed-text")
    }
}
