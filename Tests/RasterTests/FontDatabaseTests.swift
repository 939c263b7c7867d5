import Foundation
import NightstandTesting
import Testing

@testable import Raster

/// Font lookup through fontconfig: families, weights, designs, fallbacks, errors.
@Suite("Font database")
struct FontDatabaseTests {
    private let inter = "/usr/share/fonts/opentype/inter/"
    private let dejavu = "/usr/share/fonts/truetype/dejavu/"

    @Test("the default design is Inter, one file per weight")
    func defaultDesignWeights() throws {
        let fonts = try FontDatabase()
        let expected: [FontWeight: String] = [
            .ultraLight: "Inter-Thin.otf", .thin: "Inter-ExtraLight.otf", .light: "Inter-Light.otf",
            .regular: "Inter-Regular.otf", .medium: "Inter-Medium.otf",
            .semibold: "Inter-SemiBold.otf", .bold: "Inter-Bold.otf",
            .heavy: "Inter-ExtraBold.otf", .black: "Inter-Black.otf",
        ]
        for (weight, file) in expected {
            #expect(try fonts.locate(weight: weight).path == inter + file, "\(weight)")
        }
        #expect(
            try fonts.locate(weight: .bold, italic: true).path == inter + "Inter-BoldItalic.otf")
    }

    @Test("monospaced and serif designs are DejaVu, weights snap to the nearest file")
    func otherDesigns() throws {
        let fonts = try FontDatabase()
        #expect(try fonts.locate(design: .monospaced).path == dejavu + "DejaVuSansMono.ttf")
        #expect(
            try fonts.locate(weight: .bold, design: .monospaced).path == dejavu
                + "DejaVuSansMono-Bold.ttf")
        #expect(try fonts.locate(design: .serif).path == dejavu + "DejaVuSerif.ttf")
        #expect(
            try fonts.locate(weight: .heavy, design: .serif).path == dejavu + "DejaVuSerif-Bold.ttf"
        )
    }

    @Test("a family by name, as the reference scene asks for it")
    func familyByName() throws {
        let fonts = try FontDatabase()
        #expect(
            try fonts.locate(family: "DejaVu Sans", weight: .bold).path == dejavu
                + "DejaVuSans-Bold.ttf")
        #expect(try fonts.locate(family: "DejaVu Sans").path == dejavu + "DejaVuSans.ttf")
        let face = try fonts.face(family: "DejaVu Sans", weight: .bold)
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.styleName == "Bold")
        #expect(try fonts.face(family: "DejaVu Sans", weight: .bold) === face, "faces load once")
    }

    @Test("a missing family falls back to Inter with one warning")
    func missingFamilyWarnsOnce() throws {
        let fonts = try FontDatabase()
        var reported: [String] = []
        fonts.warningHandler = { reported.append($0) }
        let location = try fonts.locate(family: "No Such Family 42", weight: .bold)
        #expect(location.path == inter + "Inter-Bold.otf")
        _ = try fonts.locate(family: "No Such Family 42", weight: .regular)
        #expect(reported.count == 1)
        #expect(
            reported.first?.contains("'No Such Family 42' is not installed; using Inter") == true)
        #expect(fonts.warnings == reported)
    }

    @Test("the rounded design uses Quicksand (fonts-quicksand, which scripts/deps installs)")
    func roundedDesign() throws {
        let fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        let face = try fonts.face(weight: .bold, design: .rounded)
        #expect(face.familyName == "Quicksand")
        #expect(face.path.hasSuffix("/Quicksand-Bold.ttf"))
        #expect(fonts.warnings.isEmpty)
    }

    @Test("emoji fall back to Noto Color Emoji, private-use icons to Material Icons")
    func fallbackFaces() throws {
        let fonts = try FontDatabase()
        let emoji = try #require(fonts.fallbackFace(for: "😀"))
        #expect(emoji.familyName == "Noto Color Emoji")
        #expect(emoji.isColorBitmap)
        let icon = try #require(fonts.fallbackFace(for: "\u{E88A}"))  // Material Icons "home"
        #expect(icon.familyName == "Material Icons")
        #expect(icon.glyphIndex(for: "\u{E88A}") != nil)
        #expect(fonts.fallbackFace(for: "😀") === emoji, "cached per character")
    }

    @Test("a missing or unreadable font file names the file and what was expected")
    func badFiles() throws {
        let fonts = try FontDatabase()
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/Font.ttf")) {
            try fonts.face(atPath: "/nonexistent/Font.ttf")
        }
        do {
            _ = try fonts.face(atPath: "/etc/hostname")
            Issue.record("a text file loaded as a font")
        } catch let error as FontError {
            #expect(error.description.hasPrefix("font file /etc/hostname face 0: FreeType error"))
            #expect(error.description.contains("expected a TrueType/OpenType font"))
        }
    }

    @Test("a FIFO or a directory where a font file belongs is refused at once, naming it")
    func notAFile() throws {
        let fonts = try FontDatabase()
        let folder = try TemporaryFolder()
        let fifo = folder.path("Font.ttf")
        #expect(mkfifo(fifo, 0o600) == 0)
        // (A database of the thread's own: one is not shared between threads.)
        let error = withoutBlocking(on: fifo) { () -> FontError? in
            do {
                _ = try FontDatabase().face(atPath: fifo)
                return nil
            } catch {
                return error as? FontError
            }
        }
        #expect(
            error
                == .unsupported(
                    path: fifo,
                    reason: "a FIFO, not a regular file (expected a TrueType/OpenType font file)"))
        #expect(
            throws: FontError.unsupported(
                path: folder.path(""),
                reason: "a directory, not a regular file (expected a TrueType/OpenType font file)")
        ) { try fonts.face(atPath: folder.path("")) }
    }
}
