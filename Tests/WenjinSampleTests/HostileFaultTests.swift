import Foundation
import Testing
@testable import WenjinSample

/// The sample server's hostile faults (`bomb`, `huge`, `trickle`, `trickle-head`, `redirect`):
/// what a crawl of an untrusted source must survive, served for real.
@Suite("Hostile faults of the sample server")
struct HostileFaultTests {
    /// CRC-32 the slow way, a bit at a time.
    private func crc32(ofZeros count: Int) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count * 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return ~crc
    }

    @Test("the bomb's CRC of zeros, computed without the zeros, matches the CRC computed over them")
    func crcOfZeros() {
        for count in [0, 1, 2, 7, 258, 1000, 65_537] {
            #expect(GzipBomb.crc32OfZeros(count: count) == crc32(ofZeros: count), "\(count) bytes")
        }
    }

    @Test("a bomb is a small gzip body that a real client inflates to the size asked for, all zeros")
    func bombInflates() async throws {
        let spec = try SampleFaults.Spec(parsing: "bomb=1,bomb-mb=2")
        let live = try LiveSampleServer(questions: 5, faults: SampleFaults(spec: spec, seed: 1))
        let (wire, decodedSize) = GzipBomb.make(decodedBytes: 2 << 20)
        #expect(wire.count < decodedSize / 100)
        let fetched = try await live.get("/?/api/explore/")
        #expect(fetched.header("Content-Encoding") == "gzip")
        #expect(fetched.body.count == decodedSize)
        #expect(decodedSize >= 2 << 20)
        #expect(fetched.body.allSatisfy { $0 == 0 })
    }

    @Test("a redirect points at the same path on the other name of the loopback host")
    func redirectToTheOtherName() throws {
        let faults = SampleFaults(spec: try SampleFaults.Spec(parsing: "redirect=1"), seed: 1)
        let original = SampleResponse(status: 200, headers: [], body: Array("{}".utf8))
        func location(host: String) -> String? {
            let request = SampleRequest(method: "GET", target: "/?/api/explore/", host: host, cookieHeader: nil, formBody: "")
            let response = faults.apply(.redirect, to: original, for: request)
            #expect(response.status == 302)
            return response.header("Location")
        }
        #expect(location(host: "127.0.0.1:8080") == "http://localhost:8080/?/api/explore/")
        #expect(location(host: "localhost:8080") == "http://127.0.0.1:8080/?/api/explore/")
    }

    @Test("the hostile faults and their sizes parse, and sizes out of range are refused")
    func parsing() throws {
        let spec = try SampleFaults.Spec(parsing: "bomb=0.1,huge=0.1,trickle=0.1,trickle-head=0.1,redirect=0.1,bomb-mb=8,huge-mb=9,trickle-ms=50")
        #expect(spec.probabilities.count == 5)
        #expect(spec.bombMebibytes == 8 && spec.hugeMebibytes == 9 && spec.trickleMilliseconds == 50)
        #expect(throws: SampleFaults.SpecError.self) { try SampleFaults.Spec(parsing: "bomb-mb=-1") }
        #expect(throws: SampleFaults.SpecError.self) { try SampleFaults.Spec(parsing: "trickle-ms=1000000") }
    }
}
