import Testing

@testable import Raster

/// A deferred clear (`Canvas.clear` on whole rows, see `PixelStorage`) must be invisible: every
/// drawing sequence gives the same bytes as with the clear written at once.
@Suite("Deferred clear")
struct DeferredClearTests {
    /// SplitMix64: the same sequence on every machine.
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func color() -> RGBA {
            RGBA(
                r: UInt8(below(256)), g: UInt8(below(256)), b: UInt8(below(256)),
                a: below(3) == 0 ? UInt8(below(256)) : 255)
        }
        mutating func rect(in size: PixelSize) -> Rect {
            let x = unit() * Double(size.width) * 1.2 - 0.1 * Double(size.width)
            let y = unit() * Double(size.height) * 1.2 - 0.1 * Double(size.height)
            return Rect(
                x: x, y: y, width: unit() * Double(size.width) * 0.8 + 1,
                height: unit() * Double(size.height) * 0.8 + 1)
        }
    }

    /// One random drawing step on `canvas`, from `numbers`; `face` for text.
    static func step(_ numbers: inout Numbers, on canvas: Canvas, face: FontFace) {
        let size = canvas.size
        switch numbers.below(12) {
        case 0:
            let r = numbers.rect(in: size)
            canvas.fill(
                Path(roundedRect: r, cornerRadius: numbers.unit() * 20),
                with: Paint(color: numbers.color()))
        case 1:
            // Whole-pixel opaque rectangles: the spans a deferred clear skips.
            let x = Double(numbers.below(size.width))
            let y = Double(numbers.below(size.height))
            canvas.fill(
                Rect(x: x, y: y, width: Double(numbers.below(90) + 1), height: 40),
                with: Paint(color: RGBA(r: UInt8(numbers.below(256)), g: 9, b: 99)))
        case 2:
            var arc = Path()
            arc.addArc(
                center: Point(x: numbers.unit() * 160, y: numbers.unit() * 90),
                radius: numbers.unit() * 50 + 5, startAngle: 0, endAngle: numbers.unit() * 6,
                clockwise: true)
            canvas.stroke(
                arc, with: Paint(color: numbers.color()),
                style: StrokeStyle(lineWidth: numbers.unit() * 12 + 1, lineCap: .round))
        case 3:
            canvas.drawText(
                "Tuesday 10:09", face: face, size: numbers.unit() * 30 + 8,
                baseline: Point(x: numbers.unit() * 160, y: numbers.unit() * 90),
                paint: Paint(color: numbers.color()))
        case 4:
            let r = numbers.rect(in: size)
            let gradient = LinearGradient(
                stops: [
                    GradientStop(color: numbers.color(), location: 0),
                    GradientStop(color: numbers.color(), location: 1),
                ], start: Point(x: r.minX, y: r.minY), end: Point(x: r.maxX, y: r.maxY))
            canvas.fill(Path(ellipseIn: r), with: Paint(shader: .linearGradient(gradient)))
        case 5:
            canvas.withSavedState {
                canvas.clip(
                    to: Path(roundedRect: numbers.rect(in: size), cornerRadius: 9))
                canvas.fill(numbers.rect(in: size), with: Paint(color: numbers.color()))
            }
        case 6:
            canvas.withLayer(opacity: Float(numbers.unit())) { layer in
                layer.fill(numbers.rect(in: size), with: Paint(color: numbers.color()))
            }
        case 7:
            let slot = canvas.subCanvas(
                IntRect(
                    x: numbers.below(size.width), y: numbers.below(size.height),
                    width: numbers.below(size.width) + 1, height: numbers.below(size.height) + 1))
            if numbers.below(2) == 0 {
                slot.clear(numbers.color())
            } else {
                slot.fill(numbers.rect(in: slot.size), with: Paint(color: numbers.color()))
            }
        case 8:
            canvas.clear(numbers.color())
        case 9:
            canvas.apply(
                .dim(Float(numbers.unit())),
                in: IntRect(x: numbers.below(size.width), y: 0, width: 40, height: size.height))
        case 10:
            let x = numbers.below(size.width)
            let y = numbers.below(size.height)
            canvas[x, y] = PremultipliedPixel(value: canvas[x, y].value ^ 0x00FF_FF00)
        default:
            let bitmap = Bitmap(
                copying: canvas.subCanvas(IntRect(x: 0, y: 0, width: 30, height: 20)))
            canvas.draw(bitmap, in: numbers.rect(in: size), mode: .fill)
        }
    }

    /// Draws the same 16 random steps, from `seed`, on each of `canvases`.
    static func drawRandom(seed: UInt64, on canvases: [Canvas], face: FontFace) {
        for canvas in canvases {
            var numbers = Numbers(state: seed)
            for _ in 0..<16 { step(&numbers, on: canvas, face: face) }
        }
    }

    @Test("random drawing after a clear gives the bytes of an immediate clear", arguments: 0..<40)
    func matchesImmediateClear(seed: UInt64) throws {
        let face = try FontDatabase().face()
        var start = Numbers(state: seed)
        let size = PixelSize(width: 160 + start.below(60), height: 90 + start.below(30))
        let background = start.color()
        let deferred = Canvas(size: size)
        let immediate = Canvas(size: size)
        deferred.clear(background)
        immediate.clear(background)
        immediate.settlePixels()
        #expect(deferred.storage.hasDebt && !immediate.storage.hasDebt)
        var a = start
        var b = start
        for _ in 0..<12 {
            Self.step(&a, on: deferred, face: face)
            Self.step(&b, on: immediate, face: face)
            immediate.settlePixels()
        }
        for y in 0..<size.height {
            let d = deferred.row(y)
            let i = immediate.row(y)
            let same = (0..<size.width).allSatisfy { d[$0] == i[$0] }
            #expect(same, "seed \(seed): row \(y) differs")
            if !same { break }
        }
    }

    @Test("an opaque span writes the clear color left of it only; the rest waits for a read")
    func opaqueSpanSettlesItsLeft() {
        let canvas = Canvas(width: 10, height: 2)
        canvas.clear(.black)
        canvas.fill(Rect(x: 3, y: 0, width: 4, height: 1), with: Paint(color: .white))
        #expect(canvas.storage.hasDebt)
        let black: UInt32 = 0xFF00_0000
        let white: UInt32 = 0xFFFF_FFFF
        // In memory: black left of the span, the span, and the first clear's zeros after it.
        #expect(
            (0..<10).map { canvas.storage.base[$0] }
                == [black, black, black, white, white, white, white, 0, 0, 0])
        #expect(
            (0..<10).map { canvas.row(0)[$0] } == [black, black, black] + [
                white, white, white, white,
            ] + [black, black, black])
        canvas.settlePixels()
        #expect(!canvas.storage.hasDebt && canvas.storage.base[10] == black)
    }

    @Test("a row not drawn on is not written until read")
    func rowsAreWrittenWhenRead() {
        let canvas = Canvas(width: 8, height: 3)
        canvas.clear(.white)
        // The memory still holds the first clear's zeros: nothing was written yet.
        #expect(canvas.storage.base[8] == 0)
        #expect(canvas.row(1)[0] == 0xFFFF_FFFF)
        #expect(canvas.storage.base[8] == 0xFFFF_FFFF && canvas.storage.base[16] == 0)
    }
}
