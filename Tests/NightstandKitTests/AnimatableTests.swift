import Foundation
import NightstandKit
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// A shape as iOS 26 code writes one with the `@Animatable` macro.
@Animatable
struct RingSegment: Shape {
    var startAngle: Angle
    var endAngle: Angle
    var inset: CGFloat
    @AnimatableIgnored var clockwise: Bool

    func path(in rect: CGRect) -> WidgetUI.Path {
        var path = WidgetUI.Path()
        path.addArc(
            center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2 - inset,
            startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        return path
    }
}

/// A value that isn't a shape: the macro adds the conformance too.
@Animatable
struct Meter {
    var level: Double
    let name: String
    nonisolated(unsafe) static var unit = "V"
    var doubled: Double { level * 2 }
}

/// A shape with its own `animatableData`: the macro keeps it.
@Animatable
struct Bar: Shape {
    var progress: Double
    var animatableData: Double {
        get { progress }
        set { progress = min(max(newValue, 0), 1) }
    }

    func path(in rect: CGRect) -> WidgetUI.Path {
        WidgetUI.Path(
            CGRect(x: rect.minX, y: rect.minY, width: rect.width * progress, height: rect.height))
    }
}

/// A hand-written pair, as before the macro.
struct Wedge: Shape {
    var start: Double
    var end: Double
    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(start, end) }
        set { (start, end) = (newValue.first, newValue.second) }
    }

    func path(in rect: CGRect) -> WidgetUI.Path { WidgetUI.Path(rect) }
}

@Suite("Animatable")
struct AnimatableTests {
    @Test("@Animatable: the stored vars as nested pairs, in order; ignored ones left out")
    func synthesized() {
        var ring = RingSegment(
            startAngle: .degrees(0), endAngle: .degrees(90), inset: 2, clockwise: true)
        let data: AnimatablePair<Double, AnimatablePair<Double, CGFloat>> = ring.animatableData
        #expect(data.first == 0)
        #expect(abs(data.second.first - .pi / 2) < 1e-12)
        #expect(data.second.second == 2)
        ring.animatableData = AnimatablePair(1, AnimatablePair(2, 3))
        #expect(ring.startAngle.radians == 1)
        #expect(ring.endAngle.radians == 2)
        #expect(ring.inset == 3)
        #expect(ring.clockwise)
    }

    @Test("one property is its own data; a type that isn't Animatable gets the conformance")
    func singleAndConformance() {
        var meter = Meter(level: 0.5, name: "A")
        let data: Double = meter.animatableData
        #expect(data == 0.5)
        meter.animatableData = 0.75
        #expect(meter.level == 0.75)
        let animatable: any Animatable = meter
        #expect(animatable is Meter)
    }

    @Test("a declared animatableData is kept")
    func declaredKept() {
        var bar = Bar(progress: 0.5)
        bar.animatableData = 2
        #expect(bar.progress == 1)
    }

    @Test("the data drives the drawing: halfway data draws the halfway shape")
    func interpolationDraws() {
        let from = RingSegment(
            startAngle: .degrees(0), endAngle: .degrees(60), inset: 4, clockwise: false)
        let to = RingSegment(
            startAngle: .degrees(90), endAngle: .degrees(300), inset: 10, clockwise: false)
        var halfway = from
        halfway.animatableData =
            from.animatableData + (to.animatableData - from.animatableData).scaled(by: 0.5)
        let expected = RingSegment(
            startAngle: .degrees(45), endAngle: .degrees(180), inset: 7, clockwise: false)
        let size = Size(width: 50, height: 50)
        let a = drawn(halfway.stroke(.orange, lineWidth: 3), size: size)
        let b = drawn(expected.stroke(.orange, lineWidth: 3), size: size)
        let c = drawn(from.stroke(.orange, lineWidth: 3), size: size)
        func pixels(_ canvas: Raster.Canvas) -> [UInt32] {
            (0..<canvas.height).flatMap {
                Array(UnsafeBufferPointer(start: canvas.row($0), count: canvas.width))
            }
        }
        #expect(pixels(a) == pixels(b))
        #expect(pixels(a) != pixels(c))
    }

    @Test("vectors: pairs add, subtract and scale; shapes without data have the empty vector")
    func vectors() {
        let a = AnimatablePair(1.0, AnimatablePair(CGFloat(2), Float(3)))
        let b = AnimatablePair(0.5, AnimatablePair(CGFloat(1), Float(1)))
        #expect((a - b).first == 0.5)
        #expect((a + b).second.second == 4)
        #expect(a.scaled(by: 2).second.first == 4)
        #expect(a.magnitudeSquared == 14)
        #expect(AnimatablePair<Double, Double>.zero == AnimatablePair(0, 0))
        #expect(Circle().animatableData == EmptyAnimatableData())
        var wedge = Wedge(start: 0, end: 1)
        wedge.animatableData.second = 3
        #expect(wedge.end == 3)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.animatableData.second.second == 4)
        #expect(UnitPoint.bottom.animatableData.second == 1)
    }
}

/// `view` drawn on a black canvas of `size` points at scale 2.
private func drawn(_ view: some View, size: Size) -> Raster.Canvas {
    let canvas = Raster.Canvas(
        width: Int(size.width * 2), height: Int(size.height * 2))
    canvas.clear(.black)
    render(view, size: size, environment: EnvironmentValues(), on: canvas, scale: 2)
    return canvas
}
