import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// Golden images of the drawing effects: clips, rotation, scale, trimmed shapes and stroke
/// styles, end to end from views to pixels.
@Suite("EffectGoldens")
struct EffectGoldenTests {
    @Test("clipShape, cornerRadius, even-odd clip, rotationEffect, scaleEffect")
    func clipAndTransformSheet() {
        let stripes = HStack(spacing: 0) {
            Color.red
            Color.orange
            Color.yellow
            Color.green
        }
        let view = VStack(spacing: 12) {
            HStack(spacing: 10) {
                stripes.frame(width: 44, height: 44).clipShape(Circle())
                stripes.frame(width: 44, height: 44).cornerRadius(12)
                stripes.frame(width: 60, height: 44).clipShape(Capsule())
                stripes.frame(width: 44, height: 44)
                    .clipShape(Ring(), style: FillStyle(eoFill: true))
            }
            HStack(spacing: 18) {
                Rectangle().fill(.blue).frame(width: 36, height: 36)
                    .rotationEffect(.degrees(45))
                Capsule().fill(.mint).frame(width: 8, height: 36)
                    .rotationEffect(.degrees(30), anchor: .bottom)
                RoundedRectangle(cornerRadius: 6).fill(.purple).frame(width: 36, height: 36)
                    .scaleEffect(0.5, anchor: .topLeading)
                Text("Hi").font(.title).scaleEffect(1.5)
            }
        }
        assertGolden(
            renderSheet(view, size: Size(width: 240, height: 120)), named: "clip-transform-sheet")
    }

    @Test("trimmed shapes and stroke styles: caps, joins, dashes")
    func trimAndStrokeSheet() {
        let wide = StrokeStyle(lineWidth: 8, lineCap: .round)
        let view = VStack(spacing: 14) {
            HStack(spacing: 14) {
                Circle().trim(from: 0, to: 0.25).stroke(.green, style: wide)
                Circle().trim(from: 0, to: 0.72).stroke(.orange, style: wide)
                    .rotationEffect(.degrees(-90))
                Circle().trim(from: 0.2, to: 0.6).fill(.blue)
                RoundedRectangle(cornerRadius: 8).trim(from: 0.1, to: 0.9)
                    .stroke(.pink, style: StrokeStyle(lineWidth: 4, lineCap: .butt))
            }
            .frame(height: 40)
            HStack(spacing: 14) {
                Zigzag().stroke(
                    .yellow, style: StrokeStyle(lineWidth: 6, lineCap: .butt, lineJoin: .miter))
                Zigzag().stroke(
                    .yellow, style: StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round))
                Zigzag().stroke(
                    .yellow, style: StrokeStyle(lineWidth: 6, lineCap: .square, lineJoin: .bevel))
                Capsule().stroke(
                    .teal, style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [6, 5]))
            }
            .frame(height: 40)
        }
        .padding(10)
        assertGolden(
            renderSheet(view, size: Size(width: 240, height: 120)), named: "trim-stroke-sheet")
    }
}

/// A ring: an outer and an inner circle, a hole under the even-odd rule.
private struct Ring: Shape {
    func path(in rect: CGRect) -> WidgetUI.Path {
        var path = WidgetUI.Path(ellipseIn: rect)
        path.addEllipse(in: rect.insetBy(dx: rect.width / 4, dy: rect.height / 4))
        return path
    }
}

/// Three segments with sharp turns, to show caps and joins.
private struct Zigzag: Shape {
    func path(in rect: CGRect) -> WidgetUI.Path {
        let r = rect.insetBy(dx: 6, dy: 8)
        return WidgetUI.Path { p in
            p.move(to: CGPoint(x: r.minX, y: r.maxY))
            p.addLine(to: CGPoint(x: r.minX + r.width / 3, y: r.minY))
            p.addLine(to: CGPoint(x: r.minX + 2 * r.width / 3, y: r.maxY))
            p.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        }
    }
}
