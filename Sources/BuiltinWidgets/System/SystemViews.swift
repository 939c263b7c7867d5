import SystemSupport
import WidgetUI
import Widgets

/// The host name with a chip symbol, as the system widget's title.
struct SystemHeader: View {
    let hostname: String?

    var body: some View {
        Label(hostname ?? "System", systemImage: "cpu")
            .font(.system(size: 13, weight: .semibold))
            .foregroundStyle(.secondary)
            .lineLimit(1)
    }
}

/// The CPU temperature and memory gauges side by side.
struct SystemGauges: View {
    let readout: SystemReadout

    var body: some View {
        HStack(spacing: 10) {
            TemperatureGauge(temperature: readout.temperature)
                .frame(width: 60, height: 60)
            Gauge(value: readout.memory?.usedFraction ?? 0) {
                Text("MEM").minimumScaleFactor(0.5)
            } currentValueLabel: {
                Text(SystemText.memory(readout.memory))
            }
            .gaugeStyle(.accessoryCircular)
            .tint(.cyan)
            .opacity(readout.memory == nil ? 0.4 : 1)
            .frame(width: 60, height: 60)
        }
    }
}

/// The CPU temperature on a 20…90 °C ring, green to red.
struct TemperatureGauge: View {
    let temperature: SystemReadout.Temperature?

    /// The ring's range, in degrees Celsius: room temperature to where boards throttle.
    static let range = 20.0...90.0

    var body: some View {
        Gauge(value: temperature?.celsius ?? Self.range.lowerBound, in: Self.range) {
            Text("CPU").minimumScaleFactor(0.5)
        } currentValueLabel: {
            Text(temperature.map { "\(Int($0.celsius.rounded()))°" } ?? SystemText.missing)
        }
        .gaugeStyle(.accessoryCircular)
        .tint(Gradient(colors: [.green, .yellow, .orange, .red]))
        .widgetAccentable()
        .opacity(temperature == nil ? 0.4 : 1)
    }
}

/// Load, uptime and address in rows (and more on the wide families).
struct SystemDetails: View {
    let readout: SystemReadout
    let isWide: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: isWide ? 6 : 2) {
            row("gauge.medium", "Load", SystemText.load(readout.load, count: 3))
            if isWide {
                row("memorychip", "Memory", SystemText.memoryAmounts(readout.memory))
            }
            row("clock", "Up", SystemText.uptime(readout.uptime))
            row("globe", isWide ? "Address" : nil, readout.address ?? "No network")
            if isWide, let sensor = readout.temperature?.sensor, !sensor.isEmpty {
                row("thermometer.medium", "Sensor", sensor)
            }
        }
        .font(.system(size: isWide ? 13 : 11, weight: .medium))
        .lineLimit(1)
    }

    private func row(_ symbol: String, _ title: String?, _ value: String) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: 4) {
            Image(systemName: symbol).foregroundStyle(.secondary)
            if let title {
                Text(title).foregroundStyle(.secondary)
            }
            Text(value).monospacedDigit()
        }
    }
}
