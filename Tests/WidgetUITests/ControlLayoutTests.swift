import Raster
import Testing

@testable import WidgetUI

@Suite("Gauge and ProgressView layout")
struct ControlLayoutTests {
    private func environment() -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.fontDatabase = try? FontDatabase()
        return environment
    }

    private func frame(_ view: some View, kind: String, in size: Size) -> Rect? {
        layout(view, in: size, environment: environment()).all(kind).first?.frame
    }

    @Test("values clamp to the range; NaN, infinities and empty ranges draw as the minimum")
    func fractions() {
        #expect(controlFraction(5, lower: 0, upper: 10) == 0.5)
        #expect(controlFraction(-3, lower: 0, upper: 10) == 0)
        #expect(controlFraction(30, lower: 0, upper: 10) == 1)
        #expect(controlFraction(.nan, lower: 0, upper: 10) == 0)
        #expect(controlFraction(.infinity, lower: 0, upper: 10) == 0)
        #expect(controlFraction(5, lower: 0, upper: .infinity) == 0)
        #expect(controlFraction(5, lower: 5, upper: 5) == 0)
        #expect(Gauge(value: 21.0, in: 12...28) { EmptyView() }.fraction == 0.5625)
        #expect(Gauge(value: Float.nan) { EmptyView() }.fraction == 0)
        #expect(ProgressView(value: 3.0, total: 4).fraction == 0.75)
        #expect(ProgressView(value: 3.0, total: 0).fraction == 0)
        #expect(ProgressView<EmptyView, EmptyView>().fraction == nil)
    }

    @Test("a NaN gauge and an empty progress view draw without crashing")
    func badValuesRender() {
        let canvas = Canvas(width: 80, height: 80)
        render(
            VStack {
                Gauge(value: Double.nan) { Text("x") }.gaugeStyle(.accessoryCircular)
                ProgressView(value: -Double.infinity, total: 0)
            }, size: Size(width: 80, height: 80), on: canvas, scale: 1)
        #expect(canvas.width == 80)
    }

    @Test("circular gauges are 60-point squares, smaller when less is offered")
    func circularSize() {
        let gauge = Gauge(value: 0.5) { Text("x") }.gaugeStyle(.accessoryCircularCapacity)
        #expect(
            frame(gauge, kind: "GeometryReader", in: Size(width: 170, height: 170))
                == rect(55, 55, 60, 60))
        let small = frame(gauge, kind: "RingTrack", in: Size(width: 40, height: 50))
        #expect(small == rect(0, 5, 40, 40))
        let open = Gauge(value: 0.5) { Text("x") }.gaugeStyle(.accessoryCircular)
        #expect(
            frame(open, kind: "RingTrack", in: Size(width: 76, height: 76)) == rect(8, 8, 60, 60))
    }

    @Test("linear gauges and progress bars take the width offered; bars have fixed heights")
    func linearSizes() {
        let progress = ProgressView(value: 0.3).frame(width: 150)
        #expect(
            frame(progress, kind: "BarTrack", in: Size(width: 170, height: 100))?.size
                == Size(width: 150, height: 4))
        let capacity = Gauge(value: 0.3) { EmptyView() }
        #expect(
            frame(capacity, kind: "BarTrack", in: Size(width: 170, height: 100))?.size
                == Size(width: 170, height: 6))
        // The marker reaches 1/12 of the bar's thickness above and below it.
        let marker = Gauge(value: 0.3) { EmptyView() }.gaugeStyle(.accessoryLinear)
        #expect(
            frame(marker, kind: "BarTrack", in: Size(width: 170, height: 100))?.size
                == Size(width: 170, height: 7))
    }

    @Test("a labelled progress view stacks label, bar and value label, leading-aligned")
    func progressStack() throws {
        let view = ProgressView(value: 0.5) {
            Text("Backup")
        } currentValueLabel: {
            Text("50 %")
        }
        let placed = layout(view, in: Size(width: 200, height: 200), environment: environment())
        let texts = placed.all("Text").map(\.frame)
        let bar = try #require(placed.all("BarTrack").first?.frame)
        #expect(texts.count == 2)
        #expect(texts[0].maxY + 4 == bar.minY)
        #expect(bar.maxY + 4 == texts[1].minY)
        #expect(texts[0].minX == bar.minX && texts[1].minX == bar.minX)
    }

    @Test("bounds labels sit at the ends of a linear gauge's bar")
    func boundsLabels() throws {
        let view = Gauge(value: 0.5) {
            EmptyView()
        } currentValueLabel: {
            EmptyView()
        } minimumValueLabel: {
            Text("0")
        } maximumValueLabel: {
            Text("10")
        }
        let placed = layout(view, in: Size(width: 200, height: 100), environment: environment())
        let texts = placed.all("Text").map(\.frame)
        let bar = try #require(placed.all("BarTrack").first?.frame)
        #expect(texts[0].maxX + 6 == bar.minX)
        #expect(bar.maxX + 6 == texts[1].minX)
        #expect(texts[1].maxX == 200)
    }

    @Test("the spinner is 20 points; the circular ring 24")
    func circularProgress() {
        #expect(
            frame(ProgressView(), kind: "ActivityIndicator", in: Size(width: 100, height: 100))?
                .size == Size(width: 20, height: 20))
        let ring = ProgressView(value: 0.2).progressViewStyle(.circular)
        #expect(
            frame(ring, kind: "RingTrack", in: Size(width: 100, height: 100))?.size
                == Size(width: 24, height: 24))
    }

    @Test("tint reaches the fill; the default tint is the accent color")
    func tint() throws {
        func fillShading(_ view: some View) -> Shading? {
            let bar = layout(view, in: Size(width: 100, height: 10)).all("BarTrack").first
            guard case .fill(_, let shading) = bar?.drawing.dropFirst(2).first else { return nil }
            return shading
        }
        #expect(fillShading(ProgressView(value: 0.5)) == .color(.systemBlue))
        #expect(fillShading(ProgressView(value: 0.5).tint(.green)) == .color(.systemGreen))
        #expect(
            fillShading(ProgressView(value: 0.5).tint(nil as Color?).tint(.pink))
                == .color(.systemBlue))
    }
}
