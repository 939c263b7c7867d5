import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import CompatibilityCorpus
@testable import CompatibilityCorpusSwift5

/// Goldens of the compatibility corpus (Corpus/): widgets written as for iOS, with only their
/// imports changed, each drawn as StandBy shows it (the small family, its background
/// removed, scaled to 340 × 340 pixels) by day and at night, and in its other families on
/// the home screen (background shown, twice its size).
///
/// Names: `<widget>-standby-day.png`, `<widget>-standby-night.png`, `<widget>-<family>.png`.
/// Tolerance 1 per channel, as for the other text goldens: the glyphs come from the FreeType
/// and fonts scripts/deps installs.
@Suite("Ported iOS widgets")
struct CorpusGoldenTests {
    /// The corpus compiled in Swift 6 language mode.
    static var samples: [CompatibilityCorpus.CorpusSample] {
        CompatibilityCorpus.CorpusSamples.all
    }

    static let names = samples.map(\.name)

    static func sample(_ name: String) throws -> CompatibilityCorpus.CorpusSample {
        try #require(samples.first { $0.name == name })
    }

    /// The corpus's widgets with their families beyond systemSmall.
    static let moreFamilies = samples.flatMap { sample in
        sample.moreFamilies.map { "\(sample.name)-\($0)" }
    }

    @Test("every widget in StandBy by day and at night", arguments: names)
    func standBy(name: String) throws {
        let sample = try Self.sample(name)
        let now = CompatibilityCorpus.CorpusSamples.now
        assertGolden(
            renderWidget(sample.widget, entry: sample.entry, WidgetSnapshot(date: now)),
            named: "\(name)-standby-day")
        assertGolden(
            renderWidget(
                sample.widget, entry: sample.entry,
                WidgetSnapshot(date: now, appearance: .night)),
            named: "\(name)-standby-night")
    }

    @Test("the other families a widget supports, on the home screen", arguments: moreFamilies)
    func homeScreen(shown: String) throws {
        let sample = try Self.sample(String(shown.prefix { $0 != "-" }))
        let familyName = String(shown.drop { $0 != "-" }.dropFirst())
        let family = try #require(WidgetFamily(rawValue: familyName))
        let snapshot = WidgetSnapshot(
            family: family, date: CompatibilityCorpus.CorpusSamples.now,
            renderingMode: family.isAccessory ? .vibrant : nil, showsContainerBackground: true)
        assertGolden(renderWidget(sample.widget, entry: sample.entry, snapshot), named: shown)
    }

    @Test("the corpus compiled in Swift 5 language mode draws the same pixels")
    func swift5() {
        let swift5 = CompatibilityCorpusSwift5.CorpusSamples.all
        #expect(swift5.map(\.name) == Self.names)
        for (six, five) in zip(Self.samples, swift5) {
            for appearance in [DisplayAppearance.day, .night] {
                let snapshot = WidgetSnapshot(
                    date: CompatibilityCorpus.CorpusSamples.now, appearance: appearance)
                let difference = ImageDifference(
                    actual: renderWidget(five.widget, entry: five.entry, snapshot),
                    expected: Bitmap(
                        copying: renderWidget(six.widget, entry: six.entry, snapshot)))
                #expect(difference.isMatch, "\(six.name): \(difference.summary)")
            }
        }
    }
}
