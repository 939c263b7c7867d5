import Foundation
import NightstandTesting
import Raster
import SystemSupport

@testable import WidgetUI

/// Fonts, an image cache that logs into `log`, and the test fixtures as the image directory.
struct ImageTestContext {
    let fonts = try? FontDatabase()
    let log = LogRecorder()
    let cache: ImageCache

    /// `Tests/WidgetUITests/Fixtures`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    init() {
        let recorder = log
        cache = ImageCache(logger: recorder.logger(label: "nightstand.widgetui"))
    }

    /// An environment with the fonts, the cache and the fixtures directory.
    var environment: EnvironmentValues {
        var environment = EnvironmentValues()
        environment.fontDatabase = fonts
        environment.imageCache = cache
        environment.imageDirectories = ["/nonexistent/images", Self.fixtures]
        return environment
    }
}
