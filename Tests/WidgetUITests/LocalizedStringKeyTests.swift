import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `Text("…")` literals as SwiftUI reads them: keys whose interpolations keep their meaning.
@Suite("LocalizedStringKey interpolation")
struct LocalizedStringKeyTests {
    private let now = wallClock(2026, 11, 21, 9, 45)

    private func shown(_ text: Text, locale: String = "en_US") -> TimedString {
        resolve(text, in: textEnvironment(fonts: nil, locale: locale, now: now))
    }

    @Test("integers as %lld (grouped), Double as %lf (six decimals), strings as they are")
    func numbers() {
        let done = 3
        let total = 12_345
        #expect(shown(Text("\(done) of \(total)")).string == "3 of 12,345")
        #expect(shown(Text("\(2024)"), locale: "de_DE").string == "2.024")
        #expect(shown(Text("\(3.5) km")).string == "3.500000 km")
        #expect(shown(Text("\(Float(0.25))")).string == "0.250000")
        #expect(shown(Text("\(CGFloat(2))")).string == "2.000000")
        let name = "Spouty"
        #expect(shown(Text("Hi \(name)!")).string == "Hi Spouty!")
    }

    @Test("a specifier formats a number in the environment's locale")
    func specifier() {
        let temperature = 21.456
        #expect(shown(Text("\(temperature, specifier: "%.1f")°")).string == "21.5°")
        #expect(
            shown(Text("\(temperature, specifier: "%.1f")°"), locale: "de_DE").string == "21,5°")
    }

    @Test("a date with a style stays live inside a sentence")
    func dateStyle() {
        let text = shown(
            Text("Starts \(now.addingTimeInterval(3 * 3600 + 25 * 60), style: .relative)"))
        #expect(text.string == "Starts 3 hr, 25 min")
        // "3 hr, 25 min" counts whole minutes left: one second later it reads "3 hr, 24 min".
        #expect(text.nextChange == now.addingTimeInterval(1))
    }

    @Test("a format style and a timer interval format as Text(_:format:) does")
    func formatStyles() {
        let text = Text("Boarding at \(now, format: .dateTime.hour().minute())")
        #expect(shown(text).string == "Boarding at 9:45\u{202F}AM")
        #expect(shown(Text("\(0.77, format: .percent)")).string == "77%")
        let timer = Text("Left: \(timerInterval: now...now.addingTimeInterval(90))")
        #expect(shown(timer).string == "Left: 1:30")
    }

    @Test("an interpolated Text keeps its own style; the outer modifiers fill in the rest")
    func interpolatedText() {
        let text = Text("Total: \(Text("42").bold())").italic()
        #expect(text.segments.count == 2)
        #expect(text.segments.last?.attributes.weight == .bold)
        #expect(text.segments.allSatisfy { $0.attributes.isItalic == true })
        #expect(shown(text).string == "Total: 42")
    }

    @Test("a String value shows as is; an empty literal is an empty text")
    func verbatim() {
        let value = "\\(not interpolated) 100%"
        #expect(shown(Text(value)).string == value)
        #expect(shown(Text(verbatim: "%d")).string == "%d")
        #expect(shown(Text("")).string == "")
        #expect(LocalizedStringKey("a").string(in: EnvironmentValues()) == "a")
    }
}
