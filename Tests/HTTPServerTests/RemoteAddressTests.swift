import HTTPServer
import Testing

/// The peer's IPv4 address as requests carry it, written without inet_ntop.
@Suite struct RemoteAddressTests {
    @Test(arguments: [
        (0x7F00_0001 as UInt32, "127.0.0.1"), (0x0A00_FF01, "10.0.255.1"), (0, "0.0.0.0"),
        (0xFFFF_FFFF, "255.255.255.255"), (0xC0A8_6309, "192.168.99.9"), (0x6405_2A0B, "100.5.42.11")
    ])
    func dottedQuadsMatchTheUsualForm(address: UInt32, text: String) {
        #expect(dottedQuad(address) == text)
    }
}
