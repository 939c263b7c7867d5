import Foundation
import NightstandTesting
import Raster
import Testing

/// The shared golden-image assert: where goldens live, and how renderings are compared.
@Suite struct GoldenAssertTests {
    @Test func identicalImagesMatch() {
        let canvas = Self.scene()
        let difference = ImageDifference(actual: canvas, expected: Bitmap(copying: canvas))
        #expect(difference.isMatch)
        #expect(difference.maxChannelDelta == 0)
    }

    @Test func differencesWithinToleranceMatch() {
        let canvas = Self.scene()
        let golden = Bitmap(copying: canvas)
        canvas[3, 4] = PremultipliedPixel(value: canvas[3, 4].value &+ 0x0001_0001)
        let difference = ImageDifference(actual: canvas, expected: golden, tolerance: 1)
        #expect(difference.isMatch)
        #expect(difference.maxChannelDelta == 1)
        #expect(!ImageDifference(actual: canvas, expected: golden, tolerance: 0).isMatch)
    }

    @Test func differingPixelsAreCountedWithLargestDelta() {
        let canvas = Self.scene()
        let golden = Bitmap(copying: canvas)
        canvas[0, 0] = .transparent  // alpha delta 255
        canvas[15, 15] = PremultipliedPixel(r: 255, g: 255, b: 255, a: 255)
        canvas[7, 7] = PremultipliedPixel(value: canvas[7, 7].value ^ 0x0000_0002)  // delta 2
        let difference = ImageDifference(actual: canvas, expected: golden, tolerance: 1)
        #expect(difference.differingPixels == 3)
        #expect(difference.maxChannelDelta == 255)
        #expect(difference.summary.hasPrefix("3 of 256 pixels differ by more than 1"))

        let diff = ImageDifference.diffImage(actual: canvas, expected: golden, tolerance: 1)
        #expect(diff[0, 0].r == 255 && diff[0, 0].g == 0)  // delta 255: full red
        #expect(diff[7, 7].r == 129 && diff[7, 7].g == 0)  // delta 2: still visible
        #expect(diff[1, 1].r == diff[1, 1].g)  // matching: gray
    }

    @Test func differentSizesNeverMatch() {
        let difference = ImageDifference(
            actual: Canvas(width: 4, height: 4),
            expected: Bitmap(copying: Canvas(width: 4, height: 5)))
        #expect(!difference.isMatch)
        #expect(difference.summary == "size 4x4 differs from the golden's 4x5")
    }

    @Test func goldensLiveUnderTheTargetNamedAfterTheFile() {
        let location = GoldenLocation(
            testFile: "/src/nightstand/Tests/RasterTests/Image/ImageDrawingTests.swift", name: "fit"
        )
        #expect(
            location.goldenPath
                == "/src/nightstand/Tests/RasterTests/Goldens/ImageDrawingTests/fit.png")
        #expect(
            location.actualPath
                == "/src/nightstand/.build/golden-failures/RasterTests/ImageDrawingTests/fit.actual.png"
        )
        #expect(
            GoldenLocation(testFile: "/a/Tests/WidgetUITests/T.swift", folder: "Clock", name: "x")
                .goldenPath == "/a/Tests/WidgetUITests/Goldens/Clock/x.png")
        // Outside Tests/<Target>/: a Goldens folder beside the file.
        let outside = GoldenLocation(testFile: "/a/Checks/WidgetChecks.swift", name: "x")
        #expect(outside.goldenPath == "/a/Checks/Goldens/WidgetChecks/x.png")
        #expect(outside.actualPath.hasSuffix("golden-failures/WidgetChecks/x.actual.png"))
    }

    @Test(.disabled(if: isRecordingGoldens, "would record the golden it checks is missing"))
    func missingGoldenFailsTheTest() {
        withKnownIssue {
            assertGolden(Self.scene(), named: "never-recorded")
        } matching: { issue in
            "\(issue)".contains("No golden at")
                && "\(issue)".contains("NIGHTSTAND_RECORD_GOLDENS=1")
        }
    }

    @Test(.disabled(if: isRecordingGoldens, "would overwrite another suite's golden"))
    func mismatchReportsCountsAndWritesArtifacts() throws {
        // ImageDrawingTests/fit.png is 64×64 dark gray around a picture; a plain dark gray
        // canvas differs exactly where the picture is: 48 × 24 pixels.
        let canvas = Canvas(width: 64, height: 64)
        canvas.clear(PremultipliedPixel(r: 0x20, g: 0x20, b: 0x20, a: 255).color)
        withKnownIssue {
            assertGolden(canvas, named: "fit", folder: "ImageDrawingTests")
        } matching: { issue in
            "\(issue)".contains("1152 of 4096 pixels differ by more than 1")
        }
        let location = GoldenLocation(
            testFile: "\(#filePath)", folder: "ImageDrawingTests", name: "fit")
        let diff = try PNGDecoder.decode(file: location.diffPath)
        #expect(diff[30, 30].r > 128 && diff[30, 30].g == 0)  // inside the picture: red
        #expect(diff[2, 2].r == diff[2, 2].g)  // the band: gray
        #expect(try PNGDecoder.decode(file: location.actualPath).size == canvas.size)
    }

    /// A 16×16 scene with anti-aliased edges and partial alpha.
    private static func scene() -> Canvas {
        let canvas = Canvas(width: 16, height: 16)
        canvas.clear(RGBA(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))
        canvas.fill(
            Path(roundedRect: Rect(x: 2.5, y: 2.5, width: 11, height: 9), cornerRadius: 3),
            with: Paint(color: .systemBlue, opacity: 0.7))
        return canvas
    }
}
