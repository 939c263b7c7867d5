import Foundation
import WidgetUI

// The symbols the AssetSymbols plugin generates from this target's Assets.xcassets, named
// as Xcode names them: this file compiling is the check of the names (WidgetUITests'
// AssetSymbolsTests checks what they draw).

/// The fixture's resource bundle.
public let fixtureBundle = Bundle.module

/// Each generated color symbol by the name written here, with its asset's name.
public let generatedColors: [String: ColorResource] = [
    "brandBlue": .brandBlue,  // BrandBlueColor: "Color" dropped
    "urlBadge": .urlBadge,  // URLBadge: the leading capitals lowered
    "default": .`default`,  // a keyword, in backticks
    "_2up": ._2up,  // 2up: "_" before a digit
]

/// Each generated image symbol by the name written here.
public let generatedImages: [String: ImageResource] = [
    "climeClear": .climeClear,  // clime_clear: camel-cased at "_"
    "hero": .hero,  // HeroImage: "Image" dropped
    "weatherSun": .weatherSun,  // Weather/Sun: a namespace folder's prefix
]

/// The shorthands Xcode generates for colors, `Color.brandBlue` and `.brandBlue` as a style.
public let shorthandColors: [Color] = [Color.brandBlue, .urlBadge, .`default`, ._2up]

/// The same, read as shape styles: `.foregroundStyle(.brandBlue)`.
public func shorthandStyle() -> some ShapeStyle { .brandBlue }
