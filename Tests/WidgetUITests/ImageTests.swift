import Foundation
import Raster
import Testing

@testable import WidgetUI

@Suite("Image")
struct ImageTests {
    private let context = ImageTestContext()

    private func frames(_ view: some View, in size: Size) -> [Rect] {
        layout(view, in: size, environment: context.environment).all("Image").map(\.frame)
    }

    @Test("a PNG image is its pixel size in points, centered, whatever it is offered")
    func naturalSize() {
        #expect(
            frames(Image("landscape"), in: Size(width: 100, height: 100)) == [rect(26, 34, 48, 32)])
        #expect(
            frames(
                Image("landscape.png").frame(width: 10, height: 10), in: Size(width: 10, height: 10)
            )
                == [rect(-19, -11, 48, 32)])
    }

    @Test(
        "by default images come from ./images, /etc/nightstand/images, /usr/share/nightstand/images"
    )
    func defaultDirectories() {
        #expect(
            EnvironmentValues().imageDirectories == [
                "images", "/etc/nightstand/images", "/usr/share/nightstand/images",
            ])
        #expect(EnvironmentValues().imageScale == .medium)
        #expect(EnvironmentValues().symbolRenderingMode == nil)
    }

    @Test("an absolute path is used as it is, with or without .png; a missing one is named")
    func absolutePath() throws {
        let path = ImageTestContext.fixtures + "/landscape"
        #expect(frames(Image(path), in: Size(width: 48, height: 32)) == [rect(0, 0, 48, 32)])
        #expect(
            frames(Image(path + ".png"), in: Size(width: 48, height: 32)) == [rect(0, 0, 48, 32)])
        _ = frames(Image("/nonexistent/sun"), in: Size(width: 48, height: 32))
        #expect(
            context.log.messages == [
                "warning: Image(\"/nonexistent/sun\"): no file /nonexistent/sun.png; expected a "
                    + "PNG file. Drawing a placeholder."
            ])
    }

    @Test("a resizable image takes the size offered, its natural size where unspecified")
    func resizable() {
        #expect(
            frames(Image("landscape").resizable(), in: Size(width: 100, height: 70))
                == [rect(0, 0, 100, 70)])
        #expect(
            frames(Image("landscape").resizable().fixedSize(), in: Size(width: 100, height: 70))
                == [rect(26, 19, 48, 32)])
        #expect(
            frames(
                Image("landscape").resizable().fixedSize(horizontal: false, vertical: true),
                in: Size(width: 100, height: 70)) == [rect(0, 19, 100, 32)])
    }

    /// The frame of the 48×32 fixture scaled to fit or fill a `w × h` frame.
    private func scaled(_ mode: ContentMode, into w: Double, _ h: Double) -> [Rect] {
        let image = Image("landscape").resizable()
        let scaled =
            switch mode {
            case .fit: AnyView(image.scaledToFit())
            case .fill: AnyView(image.scaledToFill())
            case .stretch: AnyView(image.aspectRatio(contentMode: .stretch))
            }
        return frames(scaled.frame(width: w, height: h), in: Size(width: 200, height: 200))
    }

    @Test("scaledToFit keeps the 3:2 picture whole inside frames of any shape, centered")
    func fit() {
        #expect(scaled(.fit, into: 90, 90) == [rect(55, 70, 90, 60)])
        #expect(scaled(.fit, into: 150, 50) == [rect(62.5, 75, 75, 50)])
        #expect(scaled(.fit, into: 30, 120) == [rect(85, 90, 30, 20)])
    }

    @Test("scaledToFill covers frames of any shape, overflowing them, centered")
    func fill() {
        #expect(scaled(.fill, into: 90, 90) == [rect(32.5, 55, 135, 90)])
        #expect(scaled(.fill, into: 150, 50) == [rect(25, 50, 150, 100)])
        #expect(scaled(.fill, into: 30, 120) == [rect(10, 40, 180, 120)])
    }

    @Test("aspectRatio with .stretch (Raster's third content mode) offers the proposal as is")
    func stretch() {
        #expect(scaled(.stretch, into: 30, 120) == [rect(85, 40, 30, 120)])
    }

    @Test("aspectRatio applies to any view: a Color becomes 16:9 or 1:2 within its frame")
    func aspectRatioOnColor() {
        func colors(_ view: some View) -> [Rect] {
            layout(view, in: Size(width: 160, height: 160)).all("Color").map(\.frame)
        }
        #expect(
            colors(Color.red.aspectRatio(16 / 9, contentMode: .fit).frame(width: 160, height: 160))
                == [rect(0, 35, 160, 90)])
        #expect(
            colors(
                Color.red.aspectRatio(CGSize(width: 1, height: 2), contentMode: .fit).frame(
                    width: 160, height: 100))
                == [rect(55, 30, 50, 100)])
        #expect(
            colors(Color.red.aspectRatio(2, contentMode: .fill).frame(width: 100, height: 100))
                == [rect(-20, 30, 200, 100)])
        // One side unspecified: the ratio scales to the other side.
        #expect(
            colors(
                Color.red.aspectRatio(2, contentMode: .fit).fixedSize(
                    horizontal: false, vertical: true))
                == [rect(0, 40, 160, 80)])
        // Nothing specified: the view's own ideal size (a color's 10 × 10).
        #expect(
            colors(Color.red.aspectRatio(2, contentMode: .fit).fixedSize()) == [
                rect(75, 75, 10, 10)
            ])
    }

    @Test("aspectRatio without a ratio uses the ideal size; a non-resizable image ignores it")
    func aspectRatioFromIdealSize() {
        #expect(
            frames(
                Image("landscape").resizable().aspectRatio(contentMode: .fit),
                in: Size(width: 120, height: 120))
                == [rect(0, 20, 120, 80)])
        #expect(
            frames(
                Image("landscape").aspectRatio(contentMode: .fill),
                in: Size(width: 120, height: 120))
                == [rect(36, 44, 48, 32)])
    }

    @Test("in a stack, a fitted image takes only the height its width allows")
    func fitInStack() {
        let placed = layout(
            VStack(spacing: 0) {
                Image("landscape").resizable().scaledToFit()
                Color.blue
            }, in: Size(width: 90, height: 200), environment: context.environment)
        #expect(placed.all("Image").map(\.frame) == [rect(0, 0, 90, 60)])
        #expect(placed.all("Color").map(\.frame) == [rect(0, 60, 90, 140)])
    }

    @Test("the image is drawn as an image item over its frame, decoded once across frames")
    func drawingAndCache() throws {
        let first = layout(
            Image("landscape").resizable(), in: Size(width: 30, height: 20),
            environment: context.environment)
        let second = layout(
            Image("landscape"), in: Size(width: 60, height: 40), environment: context.environment)
        guard case .image(let a) = first.all("Image")[0].drawing.first,
            case .image(let b) = second.all("Image")[0].drawing.first
        else {
            Issue.record("expected image items")
            return
        }
        #expect(a.rect == rect(0, 0, 30, 20))
        #expect(b.rect == rect(6, 4, 48, 32))
        #expect(a.bitmap === b.bitmap)
        #expect(a.bitmap.width == 48 && a.bitmap.height == 32)
    }

    @Test("a missing file draws a placeholder as large as a symbol and is logged once")
    func missingFile() throws {
        var placed = layout(
            Image("nothing-here"), in: Size(width: 100, height: 100),
            environment: context.environment)
        for _ in 0..<3 {
            placed = layout(
                Image("nothing-here"), in: Size(width: 100, height: 100),
                environment: context.environment)
        }
        let image = try #require(placed.all("Image").first)
        #expect(image.frame.size == Size(width: 17 * 1.2, height: 17 * 1.2))
        #expect(image.drawing.contains { if case .stroke = $0 { true } else { false } })
        #expect(
            image.drawing.contains { if case .fill = $0 { true } else { false } },
            "the question mark")
        #expect(context.log.messages.count == 1)
        let message = try #require(context.log.messages.first)
        #expect(
            message.hasPrefix(
                "warning: Image(\"nothing-here\"): no image set named nothing-here in "))
        #expect(message.contains(", and no file nothing-here.png in /nonexistent/images, "))
        #expect(message.contains("expected an image set in an asset catalog or a PNG file"))
    }

    @Test("a file that is not a PNG draws a resizable placeholder; the log names file and reason")
    func corruptFile() throws {
        let placed = layout(
            Image("corrupt").resizable().frame(width: 40, height: 30),
            in: Size(width: 40, height: 30),
            environment: context.environment)
        _ = layout(
            Image("corrupt"), in: Size(width: 40, height: 30), environment: context.environment)
        #expect(placed.all("Image").map(\.frame) == [rect(0, 0, 40, 30)])
        #expect(context.log.messages.count == 1)
        let message = try #require(context.log.messages.first)
        #expect(message.contains("Fixtures/corrupt.png: not a PNG (starts with 47 49 46 38 39 61"))
        #expect(message.contains("expected a PNG or JPEG image"))
    }
}
