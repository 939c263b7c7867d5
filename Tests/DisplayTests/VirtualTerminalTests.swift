import Testing

@testable import Display

@Suite("virtual terminal: which terminal paths on standard input are VTs")
struct VirtualTerminalTests {
    @Test("/dev/ttyN with N in 1...63 names VT N")
    func virtualConsoles() {
        #expect(VirtualTerminal.number(ofTTYPath: "/dev/tty1") == 1)
        #expect(VirtualTerminal.number(ofTTYPath: "/dev/tty12") == 12)
        #expect(VirtualTerminal.number(ofTTYPath: "/dev/tty63") == 63)
    }

    @Test("tty0, tty64, the controlling tty, serial ports and pseudo-terminals are not VTs")
    func otherTerminals() {
        for path in [
            "/dev/tty0", "/dev/tty64", "/dev/tty", "/dev/ttyS0", "/dev/ttyAMA0", "/dev/ttyUSB0",
            "/dev/pts/3", "/dev/tty01", "/dev/tty+1", "/dev/console", "tty1",
        ] {
            #expect(VirtualTerminal.number(ofTTYPath: path) == nil, "\(path)")
        }
    }
}
