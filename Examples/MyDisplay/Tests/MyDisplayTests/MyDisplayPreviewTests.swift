import Foundation
import NightstandKit
import NightstandTesting
import Testing

@testable import MyDisplay

/// The package's `#Preview`s, as its snapshot tests.
///
/// Every entry of every preview by day and at night against `Goldens/Previews/<file>-<name>-<family>-<entry>-<day|night>.png`, the pictures
/// `swift run MyDisplay previews --out DIR` writes. Record anew with
/// `NIGHTSTAND_RECORD_GOLDENS=1 swift test --filter MyDisplayPreviewTests`, then look at them.
@Suite("MyDisplay's previews")
struct MyDisplayPreviewTests {
    @Test("every #Preview matches its goldens")
    func previews() async {
        await assertPreviews(inModule: "MyDisplay", at: Date(timeIntervalSince1970: 1_795_254_323))
    }

    @Test("the previews are found, in file and line order")
    func found() {
        let previews = Preview.all.filter { $0.fileID.hasPrefix("MyDisplay/") }
        #expect(
            previews.map(\.title) == [
                "Cupertino", "Next hours", "High and low water", "MyDisplay/TideWidget.swift:107",
            ])
        #expect(
            previews.map(\.family) == [.systemMedium, .systemSmall, .systemSmall, .systemMedium])
        #expect(previews.map(\.isWidget) == [true, false, true, true])
    }
}
