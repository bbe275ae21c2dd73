import Foundation
import Synchronization

/// Injected failures for the crawler's reliability tests: `--faults 500=0.05,drop=0.02,slow=0.02,
/// truncate=0.02,429=0.03` (probabilities per request) with optional `slow-ms=300` and
/// `retry-after=1`. The hostile ones test what a crawl must survive from a source it cannot
/// trust: `bomb` (a gzip body of `bomb-mb` MiB of zeros, small on the wire), `huge` (a body of
/// `huge-mb` MiB streamed without a length), `trickle` (the body a byte every `trickle-ms`),
/// `trickle-head` (the head a line every `trickle-ms`) and `redirect` (a 302 to the same path on
/// the other name of the loopback host: `localhost` for `127.0.0.1` and back). Whether the n-th request for a target fails is decided from the seed, the
/// target and n alone, so the same seed and the same requests give the same faults.
package final class SampleFaults: Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        case serverError = "500"
        case drop
        case slow
        case truncate
        case tooManyRequests = "429"
        case bomb
        case huge
        case trickle
        case trickleHead = "trickle-head"
        case redirect
    }

    package struct Spec: Sendable, Equatable {
        package var probabilities: [Kind: Double] = [:]
        package var slowMilliseconds = 300
        package var retryAfterSeconds = 1
        package var trickleMilliseconds = 1000
        package var bombMebibytes = 256
        package var hugeMebibytes = 64

        package init() {}

        /// Parses `500=0.05,drop=0.02,slow-ms=300`; throws a message naming the bad part.
        package init(parsing text: String) throws(SpecError) {
            for part in text.split(separator: ",") where !part.isEmpty {
                let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pieces.count == 2, let value = Double(pieces[1]) else { throw SpecError(part: String(part), reason: "expected NAME=NUMBER") }
                switch pieces[0] {
                case "slow-ms": slowMilliseconds = Int(value)
                case "retry-after": retryAfterSeconds = Int(value)
                case "trickle-ms": trickleMilliseconds = Int(value)
                case "bomb-mb": bombMebibytes = Int(value)
                case "huge-mb": hugeMebibytes = Int(value)
                default:
                    guard let kind = Kind(rawValue: pieces[0]) else {
                        let names = Kind.allCases.map(\.rawValue) + SampleFaults.parameterNames
                        throw SpecError(part: String(part), reason: "unknown fault; known: \(names.joined(separator: ", "))")
                    }
                    guard (0...1).contains(value) else { throw SpecError(part: String(part), reason: "a probability is between 0 and 1") }
                    probabilities[kind] = value
                }
            }
            for (name, value) in [("slow-ms", slowMilliseconds), ("trickle-ms", trickleMilliseconds),
                                  ("bomb-mb", bombMebibytes), ("huge-mb", hugeMebibytes)] where !(0...100_000).contains(value) {
                throw SpecError(part: "\(name)=\(value)", reason: "expected 0 to 100000")
            }
            guard probabilities.values.reduce(0, +) <= 1 else { throw SpecError(part: text, reason: "the probabilities add up to more than 1") }
        }
    }

    static let parameterNames = ["slow-ms", "retry-after", "trickle-ms", "bomb-mb", "huge-mb"]

    package struct SpecError: Error, CustomStringConvertible {
        package let part: String
        package let reason: String
        package var description: String { "bad fault spec '\(part)': \(reason)" }
    }

    package let spec: Spec
    private let seed: UInt64
    private let attempts = Mutex<[String: Int]>([:])

    package init(spec: Spec, seed: UInt64) {
        self.spec = spec
        self.seed = seed
    }

    /// The fault for this request, counting it as the next attempt at its target.
    package func nextFault(for target: String) -> Kind? {
        guard !spec.probabilities.isEmpty, target != "/robots.txt" else { return nil }
        let attempt = attempts.withLock { counts -> Int in
            counts[target, default: 0] += 1
            return counts[target]!
        }
        return Self.fault(seed: seed, target: target, attempt: attempt, spec: spec)
    }

    /// The pure decision behind `nextFault`.
    static func fault(seed: UInt64, target: String, attempt: Int, spec: Spec) -> Kind? {
        var hasher = FNV1a()
        hasher.add(target)
        var rng = SeededRandom(seed: seed ^ hasher.value, kind: .fault, id: attempt)
        var roll = Double.random(in: 0..<1, using: &rng)
        for kind in Kind.allCases {
            let p = spec.probabilities[kind] ?? 0
            if roll < p { return kind }
            roll -= p
        }
        return nil
    }

    /// Applies a fault to the response the API gave to `request` (whose `Host` a redirect needs).
    package func apply(_ kind: Kind, to response: SampleResponse, for request: SampleRequest? = nil) -> SampleResponse {
        var faulty = response
        switch kind {
        case .serverError:
            faulty = SampleResponse(status: 500, headers: [("Content-Type", "text/html; charset=utf-8")],
                                    body: Array("<html><body><h1>500 Internal Server Error</h1></body></html>".utf8))
        case .drop:
            faulty.fault = .dropConnection
        case .slow:
            faulty.delay = Double(spec.slowMilliseconds) / 1000
        case .truncate:
            faulty.fault = .truncateBody(keeping: response.body.count / 2)
        case .tooManyRequests:
            faulty = SampleResponse(status: 429, headers: [("Content-Type", "text/html; charset=utf-8"), ("Retry-After", String(spec.retryAfterSeconds))],
                                    body: Array("<html><body><h1>429 Too Many Requests</h1></body></html>".utf8))
        case .bomb:
            faulty.headers.removeAll { $0.0.caseInsensitiveCompare("Content-Encoding") == .orderedSame }
            faulty.headers.append(("Content-Encoding", "gzip"))
            faulty.body = GzipBomb.make(decodedBytes: spec.bombMebibytes << 20).gzip
        case .huge:
            faulty.fault = .endlessBody(bytes: spec.hugeMebibytes << 20)
        case .trickle:
            faulty.fault = .trickleBody(every: .milliseconds(spec.trickleMilliseconds))
        case .trickleHead:
            faulty.fault = .trickleHead(every: .milliseconds(spec.trickleMilliseconds))
        case .redirect:
            let host = request?.host ?? "127.0.0.1"
            let other = host.hasPrefix("127.0.0.1") ? "localhost" + host.dropFirst("127.0.0.1".count)
                : "127.0.0.1" + (host.firstIndex(of: ":").map { host[$0...] } ?? "")
            faulty = SampleResponse(status: 302, headers: [("Location", "http://\(other)\(request?.target ?? "/")"),
                                                           ("Content-Type", "text/html; charset=utf-8")],
                                    body: Array("<html><body>moved</body></html>".utf8))
        }
        return faulty
    }
}

/// FNV-1a, 64 bit: a stable hash of the target (Swift's `Hasher` is seeded per process).
struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }
}
