import Foundation
import Glibc
import WidgetUI
import Widgets

/// The analog clock: a dial with hour ticks and numerals, hour and minute hands, and a
/// seconds hand while seconds show and luminance is not reduced.
///
/// With luminance reduced the dial's face and minute ticks go too, leaving the hands and hour
/// ticks on black. The accessory family draws no numerals.
struct AnalogClockFace: View {
    let date: Date
    let options: ClockOptions

    @Environment(\.widgetFamily) private var family
    @Environment(\.isLuminanceReduced) private var isLuminanceReduced

    var body: some View {
        let position = options.dialPosition(date)
        GeometryReader { proxy in
            let side = min(proxy.size.width, proxy.size.height)
            ZStack {
                if family.isAccessory {
                    AccessoryWidgetBackground()
                } else if !isLuminanceReduced {
                    Circle().fill(Color(white: 0.17))
                }
                if !isLuminanceReduced {
                    DialTicks(count: 60, length: 0.05, inset: 0.05)
                        .stroke(Color(white: 0.45), lineWidth: side / 250)
                }
                DialTicks(count: 12, length: 0.09, inset: 0.05)
                    .stroke(Color.white, style: StrokeStyle(lineWidth: side / 60, lineCap: .round))
                if !family.isAccessory {
                    numerals(side: side)
                    if let label = options.label {
                        Text(label.uppercased())
                            .font(.system(size: side * 0.075, weight: .semibold))
                            .foregroundStyle(.secondary)
                            .lineLimit(1)
                            .frame(width: side * 0.5)
                            .offset(y: side * 0.2)
                    }
                }
                ClockHand(turns: position.hour / 12, length: 0.5, tail: 0.08)
                    .stroke(Color.white, style: StrokeStyle(lineWidth: side / 28, lineCap: .round))
                ClockHand(turns: position.minute / 60, length: 0.78, tail: 0.08)
                    .stroke(Color.white, style: StrokeStyle(lineWidth: side / 42, lineCap: .round))
                Circle().fill(Color.white).frame(width: side / 14, height: side / 14)
                if options.seconds && !isLuminanceReduced {
                    ClockHand(turns: position.second / 60, length: 0.86, tail: 0.16)
                        .stroke(
                            Color.orange, style: StrokeStyle(lineWidth: side / 110, lineCap: .round)
                        )
                        .widgetAccentable()
                    Circle().fill(Color.orange).frame(width: side / 28, height: side / 28)
                        .widgetAccentable()
                }
            }
            .frame(width: side, height: side)
            .frame(width: proxy.size.width, height: proxy.size.height)
        }
    }

    /// The hours 1…12 inside the ticks.
    private func numerals(side: Double) -> some View {
        ForEach(1...12, id: \.self) { hour in
            let angle = Double(hour) / 12 * 2 * Double.pi
            Text("\(hour)")
                .font(.system(size: side * 0.11, weight: .semibold, design: .rounded))
                .fixedSize()
                .offset(x: sin(angle) * side * 0.32, y: -cos(angle) * side * 0.32)
        }
    }
}

/// Tick marks around a dial: `count` radial strokes from the rim inward.
struct DialTicks: Shape {
    /// How many ticks around the dial.
    let count: Int
    /// Each tick's length, as a fraction of the radius.
    let length: Double
    /// The gap between the rim and the ticks' outer ends, as a fraction of the radius.
    let inset: Double

    func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        let outer = radius * (1 - inset)
        return Path { path in
            for index in 0..<count {
                path.addRadius(
                    in: rect, turns: Double(index) / Double(count), from: outer - radius * length,
                    to: outer)
            }
        }
    }
}

/// A clock hand: a line from the center at a fraction of a turn clockwise from 12, with a
/// short tail behind the center.
struct ClockHand: Shape {
    /// How far round the dial, 0…1 from 12 o'clock.
    let turns: Double
    /// The length in front of the center, as a fraction of the radius.
    let length: Double
    /// The length behind the center, as a fraction of the radius.
    let tail: Double

    func path(in rect: CGRect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        return Path { path in
            path.addRadius(in: rect, turns: turns, from: -radius * tail, to: radius * length)
        }
    }
}

extension Path {
    /// Adds a line along a dial's radius: at `turns` (0…1 clockwise from 12 o'clock) around
    /// the center of `rect`, from `inner` to `outer` points from the center (negative: behind
    /// it).
    fileprivate mutating func addRadius(
        in rect: CGRect, turns: Double, from inner: CGFloat, to outer: CGFloat
    ) {
        let angle = turns * 2 * Double.pi
        let (dx, dy) = (CGFloat(sin(angle)), CGFloat(-cos(angle)))
        move(to: CGPoint(x: rect.midX + dx * inner, y: rect.midY + dy * inner))
        addLine(to: CGPoint(x: rect.midX + dx * outer, y: rect.midY + dy * outer))
    }
}
