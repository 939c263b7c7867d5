import Raster
import Testing

@testable import WidgetUI

private struct WidthKey: EnvironmentKey {
    static let defaultValue = 10.0
}

extension EnvironmentValues {
    fileprivate var testWidth: Double {
        get { self[WidthKey.self] }
        set { self[WidthKey.self] = newValue }
    }
}

/// Sizes itself from the environment.
private struct Reader: View {
    @Environment(\.testWidth) private var width

    var body: some View {
        Color.red.frame(width: width, height: 1)
    }
}

/// A custom view that only contains another.
private struct Wrapper: View {
    var body: some View {
        VStack { Reader() }
    }
}

@Suite("Environment")
struct EnvironmentTests {
    private func readerWidth(_ view: some View, _ environment: EnvironmentValues = .init())
        -> Double
    {
        leafFrames(layout(view, in: Size(width: 100, height: 100), environment: environment))[0].1
            .width
    }

    @Test("a nested custom view reads the default value")
    func defaultValue() {
        #expect(readerWidth(Wrapper()) == 10)
    }

    @Test(".environment overrides the value for the subtree, innermost wins")
    func overridden() {
        #expect(readerWidth(Wrapper().environment(\.testWidth, 42)) == 42)
        #expect(
            readerWidth(Wrapper().environment(\.testWidth, 5).environment(\.testWidth, 42)) == 5)
    }

    @Test("the host's environment reaches the views")
    func fromHost() {
        var environment = EnvironmentValues()
        environment.testWidth = 33
        #expect(readerWidth(Wrapper(), environment) == 33)
    }

    @Test("foregroundStyle sets the shading shapes fill with")
    func foreground() {
        let placed = layout(
            Rectangle().foregroundStyle(.red), in: Size(width: 10, height: 10))
        #expect(placed.leaves[0].drawing == [.fill(Path(rect(0, 0, 10, 10)), .color(.systemRed))])
        let secondary = layout(
            Circle().fill(.secondary).foregroundColor(.white), in: Size(width: 10, height: 10))
        guard case .fill(_, let shading) = secondary.leaves[0].drawing[0] else {
            Issue.record("expected a fill")
            return
        }
        #expect(shading == .color(RGBA.white.opacity(0.6)))
    }
}
