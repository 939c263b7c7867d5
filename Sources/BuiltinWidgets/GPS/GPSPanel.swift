import Foundation
import Vehicle
import WidgetUI
import Widgets

/// The small family with a fix: the speed large, a compass needle with the heading's point,
/// and altitude and satellites below.
struct GPSPanel: View {
    let fix: GPSFix
    let options: GPSOptions

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(alignment: .top) {
                HStack(spacing: 4) {
                    Image(systemName: "location.fill")
                    Text("GPS").lineLimit(1)
                }
                .font(.system(size: 13, weight: .semibold))
                .foregroundStyle(.secondary)
                .fixedSize()
                Spacer(minLength: 0)
                GPSCompass(track: fix.track)
                    .frame(width: 44, height: 44)
            }
            Spacer(minLength: 0)
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text(fix.speed.map { "\(options.speed($0))" } ?? "–")
                    .font(.system(size: 52, weight: .semibold, design: .rounded))
                    .monospacedDigit()
                    .minimumScaleFactor(0.5)
                    .lineLimit(1)
                Text(options.speedUnit)
                    .font(.system(size: 15, weight: .medium))
                    .foregroundStyle(.secondary)
            }
            Text(details)
                .font(.system(size: 13))
                .foregroundStyle(.secondary)
                .lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
    }

    /// `35 m · 8 satellites`, or what of it is known.
    private var details: String {
        var parts: [String] = []
        if let altitude = fix.altitude { parts.append(options.altitude(altitude)) }
        if let used = fix.satellitesUsed { parts.append("\(used) satellites") }
        if parts.isEmpty { parts.append(fix.quality == .threeD ? "3D fix" : "2D fix") }
        return parts.joined(separator: " · ")
    }
}

/// A compass: a ring, a needle pointing where the receiver moves (up is north), and the
/// heading's compass point; an empty ring when standing still without a heading.
struct GPSCompass: View {
    let track: Double?

    var body: some View {
        ZStack {
            Circle().stroke(Color.secondary.opacity(0.6), lineWidth: 2)
            if let track {
                Needle()
                    .fill(Color.orange)
                    .rotationEffect(.degrees(track))
                    .padding(6)
                Text(compassPoint(track))
                    .font(.system(size: 9, weight: .bold))
                    .offset(y: 28)
            }
        }
    }

    /// A narrow triangle pointing up.
    private struct Needle: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.midX + rect.width * 0.18, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.midX, y: rect.maxY - rect.height * 0.2))
            path.addLine(to: CGPoint(x: rect.midX - rect.width * 0.18, y: rect.maxY))
            path.closeSubpath()
            return path
        }
    }
}
