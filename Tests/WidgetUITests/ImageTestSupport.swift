import Foundation
import Logging
import Raster

@testable import WidgetUI

/// Collects the messages of a ``RecordingLogHandler``.
final class LogRecorder: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var recorded: [String] = []

    /// The messages logged so far, oldest first.
    var messages: [String] { lock.withLock { recorded } }

    func append(_ message: String) { lock.withLock { recorded.append(message) } }
}

/// A swift-log handler that records every message, for asserting what was logged.
struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { recorder.append("\(event.level): \(event.message)") }
}

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
        cache = ImageCache(
            logger: Logger(label: "nightstand.widgetui") { _ in
                RecordingLogHandler(recorder: recorder)
            })
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
