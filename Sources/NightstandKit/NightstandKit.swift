// One import gives a widget author what `import SwiftUI` and `import WidgetKit` give on iOS:
// Foundation (Date, URL, Calendar, Measurement, CGFloat, CGPoint …), the views and the
// WidgetKit model. (The `nightstand` program links Foundation either way; see docs/porting.md.)
@_exported import Foundation
@_exported import WidgetUI
@_exported import Widgets
