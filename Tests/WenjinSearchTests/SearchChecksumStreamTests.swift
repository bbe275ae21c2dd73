import Testing
@testable import WenjinSearch

@Suite("Search state checksum taken in pieces")
struct SearchChecksumStreamTests {
    @Test("bytes checksummed in pieces of any size give the checksum of all of them at once")
    func piecesMatchWhole() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for cuts in [[0], [1], [7, 8, 9], [3, 500, 501, 999], Array(stride(from: 0, to: 1000, by: 13))] {
            for length in [0, 1, 7, 8, 9, 999, 1000] {
                var stream = SearchChecksumStream()
                var start = 0
                for cut in cuts where cut > start && cut < length {
                    stream.add(bytes[start..<cut])
                    start = cut
                }
                stream.add(bytes[start..<length])
                #expect(stream.finish() == SearchContentHash.of(Array(bytes[..<length])), "cuts \(cuts), length \(length)")
            }
        }
    }
}
