import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// `accessibilityAddTraits`/`accessibilityRemoveTraits` kept as data, and
/// `GraphicsContext.resolve(_:)` measuring and drawing text.
@Suite("TraitsAndResolvedText")
struct TraitsAndResolvedTextTests {
    private let size = Size(width: 120, height: 60)

    @Test("traits are added to the element, removed again, and combined from children")
    func traits() {
        let view = VStack {
            Text("Today").accessibilityAddTraits(.isHeader)
            Text("Rain").accessibilityAddTraits([.isButton, .isLink])
                .accessibilityRemoveTraits(.isLink)
            HStack {
                Text("3°").accessibilityAddTraits(.updatesFrequently)
                Text("low")
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isSummaryElement)
        }
        let elements = accessibilityElements(of: view, size: size)
        #expect(elements.map(\.label) == ["Today", "Rain", "3°, low"])
        #expect(
            elements.map(\.traits) == [
                .isHeader, .isButton, [.updatesFrequently, .isSummaryElement],
            ])
    }

    @Test("traits on a container apply to each element inside it")
    func containerTraits() {
        let view = VStack {
            Text("A")
            Text("B")
        }
        .accessibilityAddTraits(.isStaticText)
        let elements = accessibilityElements(of: view, size: size)
        #expect(elements.map(\.traits) == [.isStaticText, .isStaticText])
    }

    /// The pixels of a canvas.
    private func pixels(_ canvas: Raster.Canvas) -> [UInt32] {
        (0..<canvas.height).flatMap {
            Array(UnsafeBufferPointer(start: canvas.row($0), count: canvas.width))
        }
    }

    @Test("resolved text measures as the text lays out and draws as drawing the text does")
    func resolvedText() {
        let label = Text("72°").font(.title2).bold()
        nonisolated(unsafe) var measured = CGSize.zero
        let viaResolve = DrawingCanvas { context, size in
            let resolved = context.resolve(label)
            measured = resolved.measure(in: size)
            context.draw(resolved, at: CGPoint(x: 60, y: 30))
        }
        let direct = DrawingCanvas { context, _ in
            context.draw(label, at: CGPoint(x: 60, y: 30))
        }
        let a = renderSheet(viaResolve, size: size)
        #expect(pixels(a) == pixels(renderSheet(direct, size: size)))
        #expect(measured.width > 20 && measured.width < 120)
        #expect(measured.height > 15 && measured.height < 60)
    }

    @Test("a resolved text's shading colors it")
    func resolvedShading() {
        let view = DrawingCanvas { context, _ in
            var resolved = context.resolve(Text("Hi").font(.title))
            resolved.shading = .color(.red)
            context.draw(resolved, in: CGRect(x: 0, y: 0, width: 120, height: 60))
        }
        let drawn = pixels(renderSheet(view, size: size)).filter { $0 & 0x00FF_FFFF != 0 }
        #expect(!drawn.isEmpty)
        // Red over black: no pixel has more green than red.
        #expect(drawn.allSatisfy { ($0 >> 16) & 0xFF >= ($0 >> 8) & 0xFF })
    }
}
