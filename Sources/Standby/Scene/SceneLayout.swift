import Raster
import WidgetUI

/// Where everything goes on the screen: the slots side by side and the widget square in each
/// (``BurnIn`` moves the whole picture).
///
/// Slots share the width left by the margins and gaps equally and take the full height
/// inside the margins; a slot's widget is drawn as large as fits, centered. In a language
/// written right to left the row is mirrored, as StandBy's: the first slot is on the right.
public struct SceneLayout: Equatable, Sendable {
    /// The screen size in pixels.
    public let screen: PixelSize
    /// The slots, in pixels, in the configuration's order (left to right, or right to left
    /// for `.rightToLeft`), before any burn-in offset.
    public let slots: [IntRect]

    /// Lays out `count` slots on a screen, the first at the leading edge of `direction`.
    public init(
        screen: PixelSize, layout: LayoutConfiguration, count: Int,
        direction: LayoutDirection = .leftToRight
    ) {
        self.screen = screen
        let n = max(count, 1)
        let inner = max(0, screen.width - 2 * layout.margin - (n - 1) * layout.gap)
        let width = inner / n
        let height = max(0, screen.height - 2 * layout.margin)
        // Spread the rounding remainder: the row stays centered.
        let left = (screen.width - (n * width + (n - 1) * layout.gap)) / 2
        slots = (0..<count).map { i in
            let place = direction == .rightToLeft ? count - 1 - i : i
            return IntRect(
                x: left + place * (width + layout.gap), y: layout.margin, width: width,
                height: height)
        }
    }

    /// The square a widget of `size` points is drawn into in a slot, and its scale: as large
    /// as fits, centered, on whole pixels.
    public static func widgetFrame(in slot: IntRect, points size: Size) -> (
        rect: IntRect, scale: Double
    ) {
        let scale = min(Double(slot.width) / size.width, Double(slot.height) / size.height)
        let w = Int((size.width * scale).rounded(.down))
        let h = Int((size.height * scale).rounded(.down))
        return (
            IntRect(
                x: slot.x + (slot.width - w) / 2, y: slot.y + (slot.height - h) / 2, width: w,
                height: h),
            scale
        )
    }
}

extension SceneLayout {
    /// The smallest slot that still shows a widget, in pixels each way.
    public static let smallestSlot = 32

    /// Why `layout` shows nothing useful on `screen` with `count` slots, naming the key to
    /// change; nil when every slot is at least ``smallestSlot`` square and the burn-in shift
    /// keeps at least half of each slot on the screen.
    ///
    /// ```swift
    /// SceneLayout.problem(layout, screen: PixelSize(width: 480, height: 320), count: 3)
    /// // (key: "margin", message: "expected pixels that leave each slot at least 32x32 (at most 112 here), found 200")
    /// ```
    public static func problem(
        _ layout: LayoutConfiguration, screen: PixelSize, count: Int
    ) -> (key: String?, message: String)? {
        let n = max(count, 1)
        let (m, g, least) = (layout.margin, layout.gap, smallestSlot)
        let width = (screen.width - 2 * m - (n - 1) * g) / n
        let height = screen.height - 2 * m
        if width < least || height < least {
            let room = "leave each slot at least \(least)x\(least)"
            let widest = screen.width - 2 * m - n * least
            if n > 1, g > 0, height >= least, widest >= 0 {
                return (
                    "gap",
                    "expected pixels that \(room) (at most \(widest / (n - 1)) here), found \(g)"
                )
            }
            let largest = min(
                (screen.height - least) / 2, (screen.width - n * least - (n - 1) * g) / 2)
            guard largest >= 0 else {
                return (
                    nil,
                    "\(n) slots of at least \(least) pixels and their gaps do not fit on a "
                        + "\(screen) screen; expected fewer slots or a smaller gap"
                )
            }
            return ("margin", "expected pixels that \(room) (at most \(largest) here), found \(m)")
        }
        let limit = m + min(width, height) / 2
        if layout.burnInShift > limit {
            return (
                "burn_in_shift",
                "expected pixels that keep half of each slot on the screen (at most \(limit) "
                    + "here), found \(layout.burnInShift)"
            )
        }
        return nil
    }
}
