import Foundation
import Raster
import Testing

@testable import WidgetUI

/// The views' path, not Raster's.
private typealias Path = WidgetUI.Path

/// WidgetUI's `Path` and the geometry views take and return, in CoreGraphics' types.
@Suite("Path and geometry in CoreGraphics' types")
struct PathTests {
    @Test("building a path with CGPoints: lines, current point, bounds, closing")
    func building() {
        var path = Path()
        #expect(path.isEmpty && path.currentPoint == nil && path.boundingRect.isNull)
        path.addLines([CGPoint(x: 0, y: 10), CGPoint(x: 20, y: 0), CGPoint(x: 40, y: 30)])
        #expect(path.currentPoint == CGPoint(x: 40, y: 30))
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 40, height: 30))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 0, y: 10))
        #expect(
            path.offsetBy(dx: 5, dy: -5).boundingRect == CGRect(x: 5, y: -5, width: 40, height: 30))
    }

    @Test("an arc with clockwise: false sweeps through growing angles: clockwise on screen")
    func arcDirection() {
        var path = Path()
        path.addArc(
            center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .degrees(180),
            endAngle: .degrees(0), clockwise: false)
        // From the left point over the top (y < 50) to the right point.
        #expect(path.boundingRect.minY < 11 && path.boundingRect.maxY <= 50 + 1e-9)
        #expect(path.currentPoint.map { abs($0.x - 90) < 1e-9 && abs($0.y - 50) < 1e-9 } == true)
        var below = Path()
        below.addArc(
            center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .degrees(180),
            endAngle: .degrees(0), clockwise: true)
        #expect(below.boundingRect.maxY > 89 && below.boundingRect.minY >= 50 - 1e-9)
    }

    @Test("the shapes of a rect: rectangle, rounded rectangle, ellipse, and a trim of them")
    func shapes() {
        let rect = CGRect(x: 10, y: 20, width: 60, height: 40)
        #expect(Path(rect).boundingRect == rect)
        #expect(Path(roundedRect: rect, cornerRadius: 8).boundingRect == rect)
        #expect(Path(ellipseIn: rect).boundingRect == rect)
        let half = Path(ellipseIn: rect).trimmedPath(from: 0, to: 0.5)
        // A circle's path starts at its rightmost point and goes clockwise: half is the bottom.
        #expect(half.boundingRect.minY >= 40 - 1e-6)
    }

    @Test("a Path is a shape drawn where its points are; a custom shape gets a CGRect")
    func pathAsShape() {
        struct Diagonal: Shape {
            func path(in rect: CGRect) -> Path {
                Path { p in
                    p.move(to: CGPoint(x: rect.minX, y: rect.minY))
                    p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                }
            }
        }
        let diagonal = Diagonal().path(in: CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(diagonal.boundingRect == CGRect(x: 0, y: 0, width: 30, height: 20))
        let fixed = Path(CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(fixed.path(in: CGRect(x: 50, y: 50, width: 100, height: 100)) == fixed)
    }

    @Test("GeometryProxy gives its size and frames as CGSize and CGRect")
    func geometryProxy() {
        var seen: (size: CGSize, local: CGRect, global: CGRect)?
        _ = layout(
            VStack(spacing: 0) {
                Color.clear.frame(height: 30)
                GeometryReader { proxy in
                    let _ = seen = (proxy.size, proxy.frame(in: .local), proxy.frame(in: .global))
                    Color.red
                }
            }, in: Size(width: 100, height: 100))
        #expect(seen?.size == CGSize(width: 100, height: 70))
        #expect(seen?.local == CGRect(x: 0, y: 0, width: 100, height: 70))
        #expect(seen?.global == CGRect(x: 0, y: 30, width: 100, height: 70))
    }

    @Test("position centers a view on a point of the space it fills")
    func position() {
        let placed = layout(
            Color.red.frame(width: 10, height: 10).position(x: 30, y: 40),
            in: Size(width: 100, height: 80))
        #expect(leafFrames(placed).map(\.1) == [rect(25, 35, 10, 10)])
        #expect(placed.all("position").first?.frame == rect(0, 0, 100, 80))
    }

    @Test("CGFloat values pass where the API takes Double, and back")
    func cgFloatInterchange() {
        let width: CGFloat = 40
        let placed = layout(
            Color.red.frame(width: width, height: width / 2).padding(CGFloat(5)),
            in: Size(width: 100, height: 100))
        #expect(leafFrames(placed).map(\.1) == [rect(30, 40, 40, 20)])
    }
}
