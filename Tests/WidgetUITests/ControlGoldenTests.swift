import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// Golden images of every gauge and progress view style at several values, including the
/// ends of the range.
@Suite("ControlGoldens")
struct ControlGoldenTests {
    private let values = [0.0, 0.3, 0.75, 1.0]

    @Test("circular gauges: accessoryCircular and accessoryCircularCapacity at 0, 0.3, 0.75, 1")
    func circularGauges() {
        let view = VStack(spacing: 8) {
            HStack(spacing: 8) {
                ForEach(0..<values.count) { i in
                    Gauge(value: values[i] * 40 - 10, in: -10...30) {
                        Text("°C")
                    } currentValueLabel: {
                        Text("\(Int(values[i] * 40 - 10))")
                    } minimumValueLabel: {
                        Text("-10")
                    } maximumValueLabel: {
                        Text("30")
                    }
                }
            }
            .gaugeStyle(.accessoryCircular)
            HStack(spacing: 8) {
                ForEach(0..<values.count) { i in
                    Gauge(value: values[i]) { Text("UV") }
                }
            }
            .gaugeStyle(.accessoryCircular)
            .tint(Gradient(colors: [.green, .yellow, .orange, .red]))
            HStack(spacing: 8) {
                ForEach(0..<values.count) { i in
                    Gauge(value: values[i]) {
                        Text("B")
                    } currentValueLabel: {
                        Text("\(Int(values[i] * 100))")
                    }
                }
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(.green)
            HStack(spacing: 8) {
                ForEach(0..<values.count) { i in
                    Gauge(value: values[i]) { Text("⚡︎") }
                }
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(Gradient(colors: [.blue, .purple, .pink]))
        }
        assertGolden(
            renderSheet(view, size: Size(width: 270, height: 270)), named: "circular-gauges")
    }

    @Test("linear gauges: linearCapacity, accessoryLinearCapacity, accessoryLinear")
    func linearGauges() {
        let view = VStack(alignment: .leading, spacing: 10) {
            ForEach(0..<values.count) { i in
                HStack(spacing: 12) {
                    Gauge(value: values[i]) {
                        Text("Storage")
                    } currentValueLabel: {
                        Text("\(Int(values[i] * 100)) %")
                    }
                    .gaugeStyle(.linearCapacity)
                    Gauge(value: values[i]) {
                        Text("Steps")
                    } currentValueLabel: {
                        Text("\(Int(values[i] * 10_000))")
                    } minimumValueLabel: {
                        Text("0")
                    } maximumValueLabel: {
                        Text("10k")
                    }
                    .gaugeStyle(.accessoryLinearCapacity)
                    .tint(.orange)
                    Gauge(value: values[i]) {
                        Text("UV")
                    } currentValueLabel: {
                        Text("\(Int(values[i] * 11))")
                    }
                    .gaugeStyle(.accessoryLinear)
                    .tint(Gradient(colors: [.green, .yellow, .red]))
                }
            }
        }
        .font(.footnote)
        .padding(8)
        assertGolden(
            renderSheet(view, size: Size(width: 300, height: 300)), named: "linear-gauges")
    }

    @Test("progress views: linear and circular at 0, 0.3, 0.75, 1, and the spinner")
    func progressViews() {
        let view = VStack(alignment: .leading, spacing: 10) {
            ForEach(0..<values.count) { i in
                HStack(spacing: 12) {
                    ProgressView(value: values[i]) {
                        Text("Backup")
                    } currentValueLabel: {
                        Text("\(Int(values[i] * 100)) %")
                    }
                    ProgressView(value: values[i] * 8, total: 8)
                        .progressViewStyle(.circular)
                        .tint(.mint)
                }
            }
            HStack(spacing: 20) {
                ProgressView()
                ProgressView("Updating")
                ProgressView(value: 0.5).tint(Color.orange.gradient).frame(width: 60)
            }
        }
        .font(.footnote)
        .padding(8)
        assertGolden(
            renderSheet(view, size: Size(width: 200, height: 260)), named: "progress-views")
    }
}
