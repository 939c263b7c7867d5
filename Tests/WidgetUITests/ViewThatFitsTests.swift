import Raster
import Testing

@testable import WidgetUI

@Suite("ViewThatFits")
struct ViewThatFitsTests {
    /// Three candidates of ideal widths 120, 80 and 40 points (and height 20).
    private var candidates: some View {
        ViewThatFits(in: .horizontal) {
            Color.red.frame(width: 120, height: 20)
            Color.green.frame(width: 80, height: 20)
            Color.blue.frame(width: 40, height: 20)
        }
    }

    private func chosen(in size: Size) -> Rect? {
        layout(candidates, in: size).leaves.first?.frame
    }

    @Test("the first child whose ideal width fits is chosen, and only it is placed")
    func firstThatFits() {
        let placed = layout(candidates, in: Size(width: 100, height: 50))
        #expect(placed.leaves.count == 1)
        #expect(placed.leaves[0].frame == rect(10, 15, 80, 20))
        #expect(chosen(in: Size(width: 200, height: 50))?.width == 120)
        #expect(chosen(in: Size(width: 120, height: 50))?.width == 120)
        #expect(chosen(in: Size(width: 79, height: 50))?.width == 40)
    }

    @Test("when nothing fits, the last child is chosen")
    func lastWhenNothingFits() {
        #expect(chosen(in: Size(width: 30, height: 50))?.width == 40)
    }

    @Test("only the constrained axes count: a tall child fits a short horizontal proposal")
    func axes() {
        let view = ViewThatFits(in: .horizontal) {
            Color.red.frame(width: 50, height: 100)
            Color.blue.frame(width: 10, height: 10)
        }
        let placed = layout(view, in: Size(width: 60, height: 40))
        #expect(placed.leaves[0].frame.size == Size(width: 50, height: 100))
        let both = ViewThatFits {
            Color.red.frame(width: 50, height: 100)
            Color.blue.frame(width: 10, height: 10)
        }
        #expect(layout(both, in: Size(width: 60, height: 40)).leaves[0].frame.size.width == 10)
    }

    @Test("text: the long form where it fits, the short one where it doesn't")
    func textForms() {
        var environment = EnvironmentValues()
        environment.fontDatabase = try? FontDatabase()
        let view = ViewThatFits(in: .horizontal) {
            Text("Wednesday, 12 June")
            Text("Wed 12")
        }
        func shown(_ width: Double) -> String? {
            let placed = layout(view, in: Size(width: width, height: 40), environment: environment)
            guard case .text(let run) = placed.all("Text").first?.drawing.first else {
                return nil
            }
            return run.layout.text
        }
        #expect(shown(300) == "Wednesday, 12 June")
        #expect(shown(80) == "Wed 12")
    }

    @Test("an empty ViewThatFits is no view")
    func empty() {
        let view = HStack(spacing: 10) {
            Color.red.frame(width: 10, height: 10)
            ViewThatFits {}
            Color.blue.frame(width: 10, height: 10)
        }
        let frames = leafFrames(layout(view, in: Size(width: 30, height: 10)))
        #expect(frames.map(\.1) == [rect(0, 0, 10, 10), rect(20, 0, 10, 10)])
    }
}
