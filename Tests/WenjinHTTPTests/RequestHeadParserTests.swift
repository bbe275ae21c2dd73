import Testing
@testable import WenjinHTTP

@Suite struct RequestHeadParserTests {
    private func parse(_ text: String, maxHeaderCount: Int = 100) throws(RequestRejection) -> RequestHead {
        try parse(Array(text.utf8), maxHeaderCount: maxHeaderCount)
    }

    private func parse(_ bytes: [UInt8], maxHeaderCount: Int = 100) throws(RequestRejection) -> RequestHead {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(RequestRejection) in try RequestHeadParser.parse(buffer, maxHeaderCount: maxHeaderCount) }
        }
        return try result.get()
    }

    @Test func aRequestHeadIsSplitIntoMethodTargetVersionAndFields() throws {
        let head = try parse("POST /?/api/x/&id=3 HTTP/1.0\r\nHost: a\r\nX-Empty:\r\nX-Space:   padded value \t")
        #expect(head.method == .post)
        #expect(head.target == "/?/api/x/&id=3")
        #expect(head.version == .http1_0)
        #expect(head.headers.map(\.name) == ["Host", "X-Empty", "X-Space"])
        #expect(head.headers["x-empty"] == "")
        #expect(head.headers["x-space"] == "padded value")
    }

    @Test func aUTF8TargetIsKeptAndInvalidUTF8IsRefused() throws {
        #expect(try parse("GET /问津?q=你好 HTTP/1.1").target == "/问津?q=你好")
        #expect(throws: RequestRejection.self) { try parse(Array("GET /".utf8) + [0xC3, 0x28] + Array(" HTTP/1.1".utf8)) }
    }

    /// Mutated and truncated heads, from a fixed seed: each is parsed or refused with a 4xx/5xx
    /// the server knows how to send, and nothing crashes.
    @Test func mutatedHeadsAreParsedOrRefusedWithoutCrashing() {
        let seed = Array("GET /?/api/question/question/&id=3 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=1; b=2\r\nContent-Length: 12".utf8)
        var random = SplitMix64(seed: 2026)
        var parsed = 0
        for _ in 0..<5_000 {
            var bytes = seed
            for _ in 0...random.next(below: 4) {
                let position = random.next(below: bytes.count)
                switch random.next(below: 4) {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next(below: 256))
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next(below: 256)), at: position)
                default: bytes = Array(bytes.prefix(position))
                }
                if bytes.isEmpty { break }
            }
            do {
                _ = try parse(bytes)
                parsed += 1
            } catch {
                #expect([400, 431, 505].contains(error.status.code))
            }
        }
        #expect(parsed > 0 && parsed < 5_000)
    }
}

/// A small deterministic generator, so a failing case can be replayed.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
