import Testing
@testable import WenjinHTTP

@Suite struct HTTPDateTests {
    @Test func datesAreFormattedAsIMFFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(1_798_761_599) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }
}
