import Testing

/// Runs `body`, expects it to throw an error of type `E`, and returns that error for further
/// asserts; records an issue and returns nil otherwise.
///
/// ```swift
/// let error = expectError(BacklightError.self) { try Backlight(path: path) }
/// #expect(error?.description == "backlight: …")
/// ```
///
/// Technical notes: swift-testing returns the error from `#expect(throws:)` only since Swift
/// 6.1; this does the same with Swift 6.0.
@discardableResult
public func expectError<E: Error, R>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> R
) -> E? {
    do {
        _ = try body()
    } catch let error as E {
        return error
    } catch {
        Issue.record(
            "expected \(E.self) to be thrown, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
    Issue.record("expected \(E.self) to be thrown, nothing was", sourceLocation: sourceLocation)
    return nil
}
