/// How a symbol image is colored: one color, shades of one color, a palette, or its own
/// colors.
///
/// ```swift
/// Image(systemName: "cloud.sun.fill")
///     .symbolRenderingMode(.multicolor)
/// ```
///
/// ## Differences from SwiftUI
///
/// Symbols are single-layer glyphs of the Material Icons font. `.monochrome`, `.hierarchical`
/// and `.palette` all draw the glyph in the foreground style (the primary layer's style);
/// `.multicolor` draws it in the color iOS gives the symbol's main part (a yellow sun, a red
/// heart, white clouds, blue rain) where <doc:Symbols> lists one, else in the foreground style.
public struct SymbolRenderingMode: Hashable, Sendable {
    private enum Mode: Hashable, Sendable {
        case monochrome, hierarchical, palette, multicolor
    }

    private let mode: Mode

    /// Every layer in the foreground style.
    public static let monochrome = SymbolRenderingMode(mode: .monochrome)
    /// Layers in decreasing opacities of the foreground style.
    public static let hierarchical = SymbolRenderingMode(mode: .hierarchical)
    /// Layers in the styles given to `foregroundStyle`, in order.
    public static let palette = SymbolRenderingMode(mode: .palette)
    /// The symbol's own colors.
    public static let multicolor = SymbolRenderingMode(mode: .multicolor)
}
