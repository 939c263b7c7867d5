import FoundationEssentials
import Raster
import WidgetUI

/// The alarm view: the whole screen while an alarm rings.
///
/// The time now, the alarm's label, a large snooze button filling the middle of the screen
/// and a "slide to stop" bar along the bottom (the words in the display's language, from
/// Nightstand's catalogs): a tap anywhere snoozes, only a slide
/// dismisses, so a sleepy tap never turns the alarm off. Drawn in the frame style of the
/// moment (red at night, day after a wake-up light).
///
/// ```swift
/// let face = AlarmFace(id: "work", label: "Work")
/// face.draw(time: "07:00", on: canvas, fonts: fonts)
/// face.nextChange(after: now)   // the next minute: the time shown changes
/// ```
public struct AlarmFace: Equatable, Sendable {
    /// The ringing alarm's id.
    public var id: String
    /// What the alarm says (`[[alarm]] label`); empty: "Alarm".
    public var label: String

    /// The face of alarm `id` with `label`.
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }

    /// When what the face shows changes after `now`: the next minute.
    public func nextChange(after now: Date) -> Date {
        Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
    }

    /// Draws the face showing `time` (the time now, `07:00`) on all of `canvas`, black first.
    public func draw(
        time: String, on canvas: Canvas, fonts: FontDatabase?,
        environment: EnvironmentValues = EnvironmentValues()
    ) {
        canvas.fill(canvas.bounds.rect, with: Paint(color: .black))
        let w = Double(canvas.width)
        let h = Double(canvas.height)
        let unit = min(h, w * 0.6)
        render(
            body(unit: unit, width: w, time: time), size: Size(width: w, height: h),
            environment: environment, fonts: fonts, on: canvas, scale: 1)
    }

    /// The view, sized by `unit` (the screen's height, or less on a tall screen).
    private func body(unit: Double, width: Double, time: String) -> some View {
        VStack(spacing: 0) {
            Text(verbatim: time)
                .font(.system(size: unit * 0.24, weight: .semibold, design: .rounded))
                .monospacedDigit()
                .foregroundStyle(.white)
                .lineLimit(1)
                .minimumScaleFactor(0.5)
            (label.isEmpty ? Text("Alarm") : Text(verbatim: label))
                .font(.system(size: unit * 0.07, weight: .medium))
                .foregroundStyle(Color(white: 0.75))
                .lineLimit(1)
            Spacer(minLength: unit * 0.04)
            Text("Snooze")
                .font(.system(size: unit * 0.09, weight: .semibold))
                .foregroundStyle(.black)
                .frame(width: min(width * 0.6, unit * 0.9), height: unit * 0.2)
                .background(RoundedRectangle(cornerRadius: unit * 0.1).fill(Color.orange))
            Spacer(minLength: unit * 0.04)
            HStack(spacing: unit * 0.04) {
                Circle()
                    .fill(Color(white: 0.85))
                    .frame(width: unit * 0.11, height: unit * 0.11)
                Text("slide to stop")
                    .font(.system(size: unit * 0.055, weight: .medium))
                    .foregroundStyle(Color(white: 0.7))
                Spacer(minLength: 0)
            }
            .padding(unit * 0.015)
            .frame(width: min(width * 0.6, unit * 0.9))
            .background(Capsule().fill(Color(white: 0.2)))
        }
        .padding(unit * 0.06)
    }
}
