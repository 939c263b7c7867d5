import Foundation
import Raster
import Synchronization
import Testing

/// A canvas lent to another thread: its rows read without a copy while the loan lasts, encoded
/// as PNG row by row; nothing read once the owner ended it to draw again.
@Suite struct CanvasLoanTests {
    /// A canvas with a cleared (deferred) background, a translucent square and an opaque bar.
    private func frame() -> Canvas {
        let canvas = Canvas(width: 64, height: 40)
        canvas.clear(RGBA(red: 0.05, green: 0.1, blue: 0.15, alpha: 1))
        for y in 4..<24 {
            for x in 4..<24 { canvas[x, y] = PremultipliedPixel(r: 128, g: 64, b: 0, a: 128) }
        }
        for y in 10..<16 {
            for x in 30..<60 { canvas[x, y] = PremultipliedPixel(r: 0, g: 200, b: 255, a: 255) }
        }
        return canvas
    }

    @Test("a lent canvas's rows are the canvas's pixels, the cleared background included")
    func rows() {
        let canvas = frame()
        let loan = CanvasLoan(canvas)
        #expect(loan.isLent)
        #expect(loan.width == 64 && loan.height == 40)
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { row.deallocate() }
        var wrong = 0
        for y in 0..<40 {
            #expect(loan.copyRow(y, into: row))
            for x in 0..<64 where row[x] != canvas[x, y].value { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    @Test("a loan's PNG is the canvas's PNG, byte for byte, and decodes to the same pixels")
    func png() throws {
        let canvas = frame()
        let loan = CanvasLoan(canvas)
        let png = try PNGEncoder.encode(loan)
        let direct = try PNGEncoder.encode(canvas)
        #expect(png == direct)
        let decoded = try PNGDecoder.decode(data: png)
        var wrong = 0
        for y in 0..<40 {
            for x in 0..<64 where decoded[x, y] != canvas[x, y] { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    @Test("an ended loan gives no rows, and its PNG fails saying so")
    func ended() {
        let loan = CanvasLoan(frame())
        loan.end()
        #expect(!loan.isLent)
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { row.deallocate() }
        #expect(!loan.copyRow(0, into: row))
        #expect(throws: PNGError.self) { try PNGEncoder.encode(loan) }
    }

    @Test("a loan ended while another thread encodes it stops the PNG at the next row")
    func endedWhileEncoding() {
        let canvas = Canvas(width: 1920, height: 1080)
        canvas.clear(RGBA(red: 0, green: 0, blue: 0, alpha: 1))
        let loan = CanvasLoan(canvas)
        let outcome = Mutex<String?>(nil)
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            started.signal()
            do {
                // Encoded again and again until the loan ends under it.
                while true { _ = try PNGEncoder.encode(loan) }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
        }
        started.wait()
        usleep(20_000)
        loan.end()
        let deadline = Date().addingTimeInterval(10)
        while outcome.withLock({ $0 == nil }) && Date() < deadline { usleep(1000) }
        #expect(outcome.withLock { $0 }?.contains("no longer there") == true)
    }
}
