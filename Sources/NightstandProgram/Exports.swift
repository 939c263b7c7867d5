// One import gives a widget author what `import SwiftUI` and `import WidgetKit` give on iOS:
// Foundation (Date, URL, Calendar, Measurement, CGFloat, CGPoint …), the views and the
// WidgetKit model. (The `nightstand` program links Foundation either way; see docs/porting.md.)
@_exported import Foundation
@_exported import WidgetUI
@_exported import Widgets

/// A view that draws with code, as SwiftUI's `Canvas`: WidgetUI's ``DrawingCanvas``, under
/// SwiftUI's name (WidgetUI itself sees Raster's `Canvas`, a bitmap).
///
/// ```swift
/// Canvas { context, size in
///     context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.orange))
/// }
/// ```
public typealias Canvas = DrawingCanvas
