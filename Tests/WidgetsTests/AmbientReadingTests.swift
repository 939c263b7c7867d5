import Raster
import Testing
import WidgetUI
import Widgets

@Suite("AmbientReading")
struct AmbientReadingTests {
    private func reading(_ lux: Double?, _ appearance: AmbientReading.Appearance = .dim)
        -> AmbientReading
    {
        AmbientReading(
            lux: lux, sensorName: "bh1750", appearance: appearance, source: .sensor,
            thresholds: [.init(appearance: .dim, below: 40, above: 80)])
    }

    @Test("a change of 10 % or more is noticeable, sensor noise is not")
    func noticeable() {
        #expect(!reading(12.9).differsNoticeably(from: reading(12)))
        #expect(reading(13.3).differsNoticeably(from: reading(12)))
        #expect(reading(10.8).differsNoticeably(from: reading(12)))
        #expect(!reading(11).differsNoticeably(from: reading(12)))
        #expect(!reading(12).differsNoticeably(from: reading(12)))
    }

    @Test("levels under 0.1 lux count as 0.1")
    func darkFloor() {
        #expect(!reading(0).differsNoticeably(from: reading(0.05)))
        #expect(!reading(0.02).differsNoticeably(from: reading(0.09)))
        #expect(reading(0.2).differsNoticeably(from: reading(0)))
    }

    @Test("an appearance, source, sensor or threshold change, or a reading coming or going, is")
    func stateChanges() {
        let base = reading(12)
        #expect(reading(12, .night).differsNoticeably(from: base))
        #expect(reading(nil).differsNoticeably(from: base))
        #expect(base.differsNoticeably(from: reading(nil)))
        #expect(!reading(nil).differsNoticeably(from: reading(nil)))
        var other = base
        other.source = .override
        #expect(other.differsNoticeably(from: base))
        other = base
        other.sensorName = "veml7700"
        #expect(other.differsNoticeably(from: base))
        other = base
        other.thresholds[0].below = 30
        #expect(other.differsNoticeably(from: base))
    }

    @Test("appearances are ordered by darkness")
    func order() {
        #expect(AmbientReading.Appearance.allCases.sorted() == [.day, .dim, .night, .off])
        #expect(AmbientReading.Appearance.night > .dim)
    }

    @Test("the environment tells whether a drawing read the reading, through its copies")
    func readTracking() {
        var environment = EnvironmentValues()
        #expect(environment.ambientReading == nil)
        #expect(!environment.ambientReadingWasRead)
        environment.ambientReading = reading(12)
        #expect(!environment.ambientReadingWasRead)
        let copy = environment
        #expect(copy.ambientReading?.lux == 12)
        #expect(environment.ambientReadingWasRead)
        environment.ambientReading = reading(20)
        #expect(!environment.ambientReadingWasRead, "a new value starts afresh")
    }

    @Test("a widget that shows the reading marks it read; one that doesn't, doesn't")
    func renderTracking() throws {
        let canvas = Canvas(width: 40, height: 40)
        for reads in [true, false] {
            var environment = EnvironmentValues()
            environment.ambientReading = reading(12)
            let view: AnyView = reads ? AnyView(LuxText()) : AnyView(Text("12"))
            _ = render(
                view, size: Size(width: 40, height: 40), environment: environment, on: canvas,
                scale: 1)
            #expect(environment.ambientReadingWasRead == reads)
        }
    }
}

private struct LuxText: View {
    @Environment(\.ambientReading) private var reading

    var body: some View {
        Text(reading?.lux.map { "\($0)" } ?? "")
    }
}
