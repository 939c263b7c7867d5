import Raster
import Testing

@testable import WidgetUI

@Suite("Stack layout")
struct StackLayoutTests {
    @Test("a Spacer between two fixed frames in 200 pt takes what is left, spacing 8 around it")
    func spacerBetweenFixedFrames() {
        let placed = layout(
            HStack {
                Color.red.frame(width: 50, height: 20)
                Spacer()
                Color.blue.frame(width: 50, height: 20)
            }, in: Size(width: 200, height: 100))
        let leaves = leafFrames(placed)
        #expect(leaves.map(\.0) == ["Color", "Spacer", "Color"])
        #expect(leaves[0].1 == rect(0, 40, 50, 20))
        #expect(leaves[1].1 == rect(58, 50, 84, 0))
        #expect(leaves[2].1 == rect(150, 40, 50, 20))
    }

    @Test("in a VStack a flexible Color takes the height a fixed frame leaves")
    func flexibleChildTakesTheRest() {
        let placed = layout(
            VStack {
                Color.red
                Color.blue.frame(height: 50)
            }, in: Size(width: 100, height: 200))
        let leaves = leafFrames(placed)
        #expect(leaves[0].1 == rect(0, 0, 100, 142))
        #expect(leaves[1].1 == rect(0, 150, 100, 50))
    }

    @Test("three flexible children share the space equally")
    func equalShares() {
        let placed = layout(
            HStack(spacing: 10) {
                Color.red
                Color.green
                Color.blue
            }, in: Size(width: 320, height: 50))
        let frames = leafFrames(placed).map(\.1)
        #expect(frames == [rect(0, 0, 100, 50), rect(110, 0, 100, 50), rect(220, 0, 100, 50)])
    }

    @Test("layoutPriority: the higher group is offered everything but the others' minimums")
    func layoutPriorityWins() {
        let content = { (priority: Double) in
            HStack(spacing: 0) {
                Color.red.frame(maxWidth: 150).layoutPriority(priority)
                Color.blue
            }
        }
        let plain = leafFrames(layout(content(0), in: Size(width: 200, height: 10)))
        #expect(plain[0].1.width == 100)
        #expect(plain[1].1.width == 100)
        let prioritized = leafFrames(layout(content(1), in: Size(width: 200, height: 10)))
        #expect(prioritized[0].1.width == 150)
        #expect(prioritized[1].1 == rect(150, 0, 50, 10))
    }

    @Test("the least flexible child is served first: a min-width frame keeps its minimum")
    func leastFlexibleFirst() {
        let placed = layout(
            HStack(spacing: 0) {
                Color.red
                Color.blue.frame(minWidth: 80, maxWidth: 90)
            }, in: Size(width: 100, height: 10))
        let frames = leafFrames(placed).map(\.1)
        #expect(frames[1].width == 80)
        #expect(frames[0].width == 20)
    }

    @Test("HStack alignment puts shorter children at the top, center or bottom")
    func crossAlignment() {
        func y(_ alignment: VerticalAlignment) -> Double {
            let placed = layout(
                HStack(alignment: alignment) {
                    Color.red.frame(width: 10, height: 40)
                    Color.blue.frame(width: 10, height: 10)
                }.fixedSize(), in: Size(width: 100, height: 100))
            return leafFrames(placed)[1].1.minY
        }
        // The stack is 40 tall, centered in 100: it starts at y = 30.
        #expect(y(.top) == 30)
        #expect(y(.center) == 45)
        #expect(y(.bottom) == 60)
    }

    @Test("VStack leading alignment lines children up on the left of the widest")
    func vstackLeading() {
        let placed = layout(
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 80, height: 10)
                Color.blue.frame(width: 20, height: 10)
            }, in: Size(width: 100, height: 100))
        let frames = leafFrames(placed).map(\.1)
        #expect(frames[0] == rect(10, 40, 80, 10))
        #expect(frames[1] == rect(10, 50, 20, 10))
    }

    @Test("a stack takes only the size its children need; the root centers it")
    func stackHugsContent() {
        let placed = layout(
            HStack {
                Color.red.frame(width: 30, height: 30)
                Color.blue.frame(width: 30, height: 30)
            }, in: Size(width: 200, height: 100))
        #expect(placed.all("HStack")[0].frame == rect(66, 35, 68, 30))
    }

    @Test("ZStack alignment places smaller children at the corner asked for")
    func zstackAlignment() {
        let placed = layout(
            ZStack(alignment: .bottomTrailing) {
                Color.red.frame(width: 100, height: 60)
                Color.blue.frame(width: 20, height: 10)
            }, in: Size(width: 100, height: 60))
        let frames = leafFrames(placed).map(\.1)
        #expect(frames[0] == rect(0, 0, 100, 60))
        #expect(frames[1] == rect(80, 50, 20, 10))
    }

    @Test("ZStack first-baseline alignment puts text's baseline at the bottom of a plain view")
    func zStackBaseline() throws {
        let fonts = try FontDatabase()
        let placed = layout(
            ZStack(alignment: Alignment(horizontal: .center, vertical: .firstTextBaseline)) {
                Color.clear.frame(width: 10, height: 100)
                Text("10:09").font(.system(size: 40))
            }, in: Size(width: 200, height: 200), environment: textEnvironment(fonts: fonts))
        let stack = try #require(placed.all("ZStack").first)
        let text = try #require(placed.all("Text").first)
        guard case .text(let run) = text.drawing.first else {
            Issue.record("the text draws text")
            return
        }
        let baseline = text.frame.minY + run.layout.firstBaseline
        #expect(abs(baseline - (stack.frame.minY + 100)) < 1e-9)
        #expect(abs(placed.all("Color")[0].frame.minY - stack.frame.minY) < 1e-9)
        let descent = run.layout.size.height - run.layout.firstBaseline
        #expect(abs(stack.frame.height - (100 + descent)) < 1e-9)
    }

    @Test("a Spacer outside any stack grows both ways")
    func spacerAlone() {
        let placed = layout(ZStack { Spacer() }, in: Size(width: 50, height: 40))
        #expect(leafFrames(placed)[0].1 == rect(0, 0, 50, 40))
    }

    @Test("a Divider is a one-pixel line across a VStack")
    func divider() {
        var environment = EnvironmentValues()
        environment.displayScale = 2
        let placed = layout(
            VStack(spacing: 0) {
                Color.red.frame(height: 10)
                Divider()
            }.frame(width: 60), in: Size(width: 60, height: 100), environment: environment)
        #expect(leafFrames(placed)[1].1.size == Size(width: 60, height: 0.5))
    }
}
