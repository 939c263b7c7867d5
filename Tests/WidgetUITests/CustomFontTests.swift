import Raster
import Testing

@testable import WidgetUI

@Suite("Font.custom")
struct CustomFontTests {
    private let fonts: FontDatabase

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
    }

    /// The face and size of the first run of the first `Text` a view places.
    private func firstRun(_ view: some View) -> TextLayout.Run? {
        let placed = layout(
            view, in: Size(width: 300, height: 100), environment: textEnvironment(fonts: fonts))
        guard case .text(let run) = placed.all("Text").first?.drawing.first else { return nil }
        return run.layout.runs.first
    }

    @Test("a custom font draws its family at its size, in the weight asked for")
    func familyAndWeight() throws {
        let book = try #require(firstRun(Text("10:09").font(.custom("DejaVu Sans", size: 46))))
        #expect(book.face.familyName == "DejaVu Sans")
        #expect(book.face.styleName == "Book")
        #expect(book.size == 46)
        let bold = try #require(
            firstRun(Text("10:09").font(.custom("DejaVu Sans", size: 20).bold())))
        #expect(bold.face.familyName == "DejaVu Sans" && bold.face.styleName == "Bold")
        let environmentBold = try #require(
            firstRun(Text("10:09").font(.custom("DejaVu Sans", size: 20)).fontWeight(.bold)))
        #expect(environmentBold.face.styleName == "Bold")
    }

    @Test("the environment's custom font reaches the text inside; the system font stays Inter")
    func inherited() throws {
        let inner = try #require(
            firstRun(VStack { Text("Battery") }.font(.custom("DejaVu Sans", size: 15))))
        #expect(inner.face.familyName == "DejaVu Sans")
        let system = try #require(firstRun(Text("Battery").font(.body)))
        #expect(system.face.familyName == "Inter")
    }

    @Test("a family that is not installed falls back to the system font")
    func missingFamily() throws {
        let run = try #require(firstRun(Text("x").font(.custom("No Such Family", size: 12))))
        #expect(run.face.familyName == "Inter")
    }
}
