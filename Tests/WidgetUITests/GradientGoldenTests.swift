import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// Golden images of gradients filling shapes, as views, and coloring text.
///
/// Tolerance 1: geometry and gradients are deterministic; the text uses the fonts installed
/// with the project (the text goldens of Raster assume the same).
@Suite("GradientGoldens")
struct GradientGoldenTests {
    @Test("linear gradients in each direction, radial, on shapes, as views and on text")
    func gradientSheet() {
        let warm = [Color.yellow, .orange, .red]
        let directions: [(UnitPoint, UnitPoint)] = [
            (.top, .bottom), (.leading, .trailing), (.topLeading, .bottomTrailing),
            (.bottomTrailing, .topLeading),
        ]
        let view = VStack(spacing: 10) {
            HStack(spacing: 8) {
                ForEach(0..<directions.count) { i in
                    RoundedRectangle(cornerRadius: 8, style: .continuous)
                        .fill(
                            LinearGradient(
                                colors: warm, startPoint: directions[i].0,
                                endPoint: directions[i].1)
                        )
                        .frame(width: 38, height: 38)
                }
                Circle()
                    .fill(
                        RadialGradient(
                            colors: [.white, .blue, .indigo], center: .center, startRadius: 2,
                            endRadius: 19)
                    )
                    .frame(width: 38, height: 38)
            }
            HStack(spacing: 8) {
                // Unit points resolve against the view's frame (60 × 30), not the circle.
                Ellipse()
                    .fill(
                        .linearGradient(
                            colors: [.green, .blue], startPoint: .leading, endPoint: .trailing)
                    )
                    .frame(width: 60, height: 30)
                Capsule()
                    .stroke(
                        LinearGradient(
                            stops: [
                                .init(color: .pink, location: 0),
                                .init(color: .pink, location: 0.5),
                                .init(color: .mint, location: 0.5),
                                .init(color: .mint, location: 1),
                            ], startPoint: .leading, endPoint: .trailing),
                        lineWidth: 4
                    )
                    .frame(width: 50, height: 24)
                RoundedRectangle(cornerRadius: 6).fill(Color.blue.gradient)
                    .frame(width: 30, height: 30)
                LinearGradient(colors: [.purple, .black], startPoint: .top, endPoint: .bottom)
                    .frame(width: 30, height: 30)
            }
            Text("Gradient")
                .font(.system(size: 30, weight: .bold))
                .foregroundStyle(
                    LinearGradient(colors: warm, startPoint: .leading, endPoint: .trailing))
            VStack(spacing: 0) {
                Text("Primary")
                Text("Secondary").foregroundStyle(.secondary)
            }
            .font(.headline)
            .foregroundStyle(
                .linearGradient(colors: [.cyan, .indigo], startPoint: .top, endPoint: .bottom))
        }
        assertGolden(
            renderSheet(view, size: Size(width: 240, height: 190)), named: "gradient-sheet")
    }
}
