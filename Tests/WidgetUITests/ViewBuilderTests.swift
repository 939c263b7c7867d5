import Raster
import Testing

@testable import WidgetUI

private struct Item: Identifiable {
    let id: Int
    let width: Double
}

private enum Kind { case one, two, three }

/// A composed view whose body uses every builder construct.
private struct Composite: View {
    var flag: Bool
    var kind: Kind
    var optional: Double?

    var body: some View {
        HStack(spacing: 0) {
            if flag {
                Color.red.frame(width: 1)
            } else {
                Rectangle().frame(width: 2)
            }
            switch kind {
            case .one: Circle().frame(width: 3)
            case .two: Ellipse().frame(width: 4)
            case .three: Capsule().frame(width: 5)
            }
            if let optional {
                Color.blue.frame(width: optional)
            }
            EmptyView()
        }
    }
}

@Suite("View builder")
struct ViewBuilderTests {
    private func kinds(_ view: some View) -> [String] {
        leafFrames(layout(view, in: Size(width: 100, height: 10))).map(\.0)
    }

    private func widths(_ view: some View) -> [Double] {
        leafFrames(layout(view, in: Size(width: 100, height: 10))).map(\.1.width)
    }

    @Test("if/else, switch and if-let choose the right children; EmptyView adds none")
    func conditionals() {
        #expect(kinds(Composite(flag: true, kind: .one, optional: nil)) == ["Color", "Circle"])
        #expect(
            kinds(Composite(flag: false, kind: .two, optional: 7))
                == ["Rectangle", "Ellipse", "Color"])
        #expect(widths(Composite(flag: false, kind: .three, optional: 7)) == [2, 5, 7])
    }

    @Test("ForEach over a range, Identifiable data and a key path makes a child per element")
    func forEach() {
        let items = [Item(id: 1, width: 3), Item(id: 2, width: 4)]
        let view = HStack(spacing: 0) {
            ForEach(0..<2) { i in Color.red.frame(width: Double(i + 1)) }
            ForEach(items) { item in Color.blue.frame(width: item.width) }
            ForEach([5.0, 6.0], id: \.self) { w in Color.green.frame(width: w) }
        }
        #expect(widths(view) == [1, 2, 3, 4, 5, 6])
    }

    @Test("Group hands its children to the stack, and a modifier applies to each")
    func group() {
        let view = HStack(spacing: 0) {
            Group {
                Color.red
                Color.blue
            }
            .frame(width: 10)
        }
        #expect(widths(view) == [10, 10])
    }

    @Test("AnyView keeps the erased view's layout")
    func anyView() {
        let view = HStack(spacing: 0) {
            AnyView(Color.red.frame(width: 12))
            AnyView(AnyView(Group { Color.blue.frame(width: 3) }))
        }
        #expect(widths(view) == [12, 3])
    }

    @Test("a block with more than ten views builds (parameter packs)")
    func manyViews() {
        let view = HStack(spacing: 0) {
            Color.red; Color.red; Color.red; Color.red; Color.red; Color.red
            Color.red; Color.red; Color.red; Color.red; Color.red; Color.red
        }
        #expect(widths(view).count == 12)
    }
}
