import Testing
import XCTest

/// Records a failure in the framework running the test: an issue under swift-testing, an
/// `XCTFail` under XCTest.
///
/// swift-testing reports at `sourceLocation`; XCTest at `filePath` and `line`.
func recordFailure(
    _ message: String, filePath: StaticString, line: UInt, sourceLocation: SourceLocation
) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
