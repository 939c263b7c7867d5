import Foundation
import Raster
import Testing

@testable import WidgetUI

/// Right-to-left layout: the direction follows the locale's language, and the layout mirrors
/// (stack order, leading alignment and padding) while what is drawn keeps its orientation.
@Suite struct RightToLeftLayoutTests {
    private func environment(_ locale: String) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: locale)
        return environment
    }

    private var row: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: 30, height: 10)
            Color.blue.frame(width: 50, height: 10)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(.leading, 5)
    }

    @Test func theDirectionFollowsTheLanguage() {
        #expect(environment("ar_EG").layoutDirection == .rightToLeft)
        #expect(environment("he_IL").layoutDirection == .rightToLeft)
        #expect(environment("de_DE").layoutDirection == .leftToRight)
        var chosen = environment("ar_EG")
        chosen.layoutDirection = .leftToRight
        #expect(chosen.layoutDirection == .leftToRight)
    }

    @Test func stacksAlignmentAndPaddingMirror() {
        let size = Size(width: 200, height: 10)
        let ltr = leafFrames(layout(row, in: size, environment: environment("de_DE")))
        let rtl = leafFrames(layout(row, in: size, environment: environment("ar_EG")))
        #expect(
            ltr.map(\.1) == [
                Rect(x: 5, y: 0, width: 30, height: 10), Rect(x: 35, y: 0, width: 50, height: 10),
            ])
        // The first child on the right, the leading padding on the right.
        #expect(
            rtl.map(\.1) == [
                Rect(x: 165, y: 0, width: 30, height: 10),
                Rect(x: 115, y: 0, width: 50, height: 10),
            ])
    }

    @Test func drawingMovesWithItsFrame() {
        let placed = layout(
            Color.red.frame(width: 30, height: 10).frame(maxWidth: .infinity, alignment: .leading),
            in: Size(width: 100, height: 10), environment: environment("he_IL"))
        let leaf = placed.leaves[0]
        #expect(leaf.frame == Rect(x: 70, y: 0, width: 30, height: 10))
        guard case .push(.transform(let shift)) = leaf.drawing.first else {
            Issue.record("no shift around the drawing: \(leaf.drawing)")
            return
        }
        #expect(shift == Transform(translationX: 70, y: 0))
    }
}

/// Lines of a text align to the leading edge, which is the right one in a right-to-left
/// layout, as SwiftUI's `multilineTextAlignment` does.
@Suite struct RightToLeftTextAlignmentTests {
    private func style(_ locale: String, _ alignment: TextAlignment) -> TextLayout.Alignment {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: locale)
        environment.multilineTextAlignment = alignment
        return TextNode.Style(environment).alignment
    }

    @Test func leadingIsTheRightEdgeRightToLeft() {
        #expect(style("he_IL", .leading) == .trailing)
        #expect(style("ar_EG", .trailing) == .leading)
        #expect(style("ar_EG", .center) == .center)
        #expect(style("de_DE", .leading) == .leading)
        #expect(style("de_DE", .trailing) == .trailing)
    }
}
