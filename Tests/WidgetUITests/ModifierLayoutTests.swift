import Foundation
import Raster
import Testing

@testable import WidgetUI

@Suite("Layout modifiers")
struct ModifierLayoutTests {
    @Test("padding() adds 16 points on each side")
    func defaultPadding() {
        let placed = layout(
            Color.red.frame(width: 20, height: 10).padding().fixedSize(),
            in: Size(width: 200, height: 200))
        #expect(placed.all("padding")[0].frame.size == Size(width: 52, height: 42))
        #expect(placed.leaves[0].frame == rect(90, 95, 20, 10))
    }

    @Test("padding on some edges shrinks the proposal only there")
    func edgePadding() {
        let placed = layout(
            Color.red.padding(.horizontal, 10).padding(.top, 5), in: Size(width: 100, height: 50))
        #expect(placed.leaves[0].frame == rect(10, 5, 80, 45))
    }

    @Test("frame(maxWidth: .infinity) takes the proposed width and aligns its content")
    func maxWidthInfinity() {
        let placed = layout(
            Color.red.frame(width: 20, height: 10)
                .frame(maxWidth: .infinity, alignment: .trailing),
            in: Size(width: 100, height: 50))
        #expect(placed.all("frame")[0].frame == rect(0, 20, 100, 10))
        #expect(placed.leaves[0].frame == rect(80, 20, 20, 10))
    }

    @Test("a min/max frame clamps a flexible child")
    func minMaxFrame() {
        let placed = layout(
            Color.red.frame(minWidth: 10, maxWidth: 40, minHeight: 80),
            in: Size(width: 100, height: 50))
        #expect(placed.leaves[0].frame.size == Size(width: 40, height: 80))
    }

    @Test("fixedSize gives a shape its ideal 10-point size whatever is proposed")
    func fixedSize() {
        let placed = layout(Rectangle().fixedSize(), in: Size(width: 100, height: 100))
        #expect(placed.leaves[0].frame == rect(45, 45, 10, 10))
        let horizontal = layout(
            Rectangle().fixedSize(horizontal: true, vertical: false),
            in: Size(width: 100, height: 100))
        #expect(horizontal.leaves[0].frame == rect(45, 0, 10, 100))
    }

    @Test("offset moves the drawing, not the layout of siblings")
    func offset() {
        let placed = layout(
            HStack(spacing: 0) {
                Color.red.frame(width: 10, height: 10).offset(x: 5, y: -2)
                Color.blue.frame(width: 10, height: 10)
            }, in: Size(width: 20, height: 10))
        #expect(placed.leaves[0].frame == rect(5, -2, 10, 10))
        #expect(placed.leaves[1].frame == rect(10, 0, 10, 10))
    }

    @Test("background and overlay are proposed the content's size and aligned over it")
    func backgroundAndOverlay() {
        let placed = layout(
            Color.red.frame(width: 40, height: 20)
                .background(Color.blue)
                .overlay(Color.green.frame(width: 10, height: 10), alignment: .topTrailing),
            in: Size(width: 40, height: 20))
        let leaves = leafFrames(placed)
        #expect(leaves.map(\.1) == [rect(0, 0, 40, 20), rect(0, 0, 40, 20), rect(30, 0, 10, 10)])
        guard case .fill(_, let back) = placed.leaves[0].drawing[0] else {
            Issue.record("expected a fill")
            return
        }
        #expect(back == .color(.systemBlue))
    }

    @Test("GeometryReader reports its proposed size and places content top-leading")
    func geometryReader() {
        var seen: CGSize?
        let placed = layout(
            VStack(spacing: 0) {
                GeometryReader { proxy in
                    let _ = seen = proxy.size
                    Color.red.frame(width: proxy.size.width / 2, height: 10)
                }
                Color.blue.frame(height: 30)
            }, in: Size(width: 120, height: 100))
        #expect(seen == CGSize(width: 120, height: 70))
        #expect(placed.leaves[0].frame == rect(0, 0, 60, 10))
    }
}
