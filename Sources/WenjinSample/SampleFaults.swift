import Foundation
import Synchronization

/// Injected failures for the crawler's reliability tests: `--faults 500=0.05,drop=0.02,slow=0.02,
/// truncate=0.02,429=0.03` (probabilities per request) with optional `slow-ms=300` and
/// `retry-after=1`. Whether the n-th request for a target fails is decided from the seed, the
/// target and n alone, so the same seed and the same requests give the same faults.
public final class SampleFaults: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case serverError = "500"
        case drop
        case slow
        case truncate
        case tooManyRequests = "429"
    }

    public struct Spec: Sendable, Equatable {
        public var probabilities: [Kind: Double] = [:]
        public var slowMilliseconds = 300
        public var retryAfterSeconds = 1

        public init() {}

        /// Parses `500=0.05,drop=0.02,slow-ms=300`; throws a message naming the bad part.
        public init(parsing text: String) throws(SpecError) {
            for part in text.split(separator: ",") where !part.isEmpty {
                let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pieces.count == 2, let value = Double(pieces[1]) else { throw SpecError(part: String(part), reason: "expected NAME=NUMBER") }
                switch pieces[0] {
                case "slow-ms": slowMilliseconds = Int(value)
                case "retry-after": retryAfterSeconds = Int(value)
                default:
                    guard let kind = Kind(rawValue: pieces[0]) else {
                        let names = Kind.allCases.map(\.rawValue) + ["slow-ms", "retry-after"]
                        throw SpecError(part: String(part), reason: "unknown fault; known: \(names.joined(separator: ", "))")
                    }
                    guard (0...1).contains(value) else { throw SpecError(part: String(part), reason: "a probability is between 0 and 1") }
                    probabilities[kind] = value
                }
            }
            guard probabilities.values.reduce(0, +) <= 1 else { throw SpecError(part: text, reason: "the probabilities add up to more than 1") }
        }
    }

    public struct SpecError: Error, CustomStringConvertible {
        public let part: String
        public let reason: String
        public var description: String { "bad fault spec '\(part)': \(reason)" }
    }

    public let spec: Spec
    private let seed: UInt64
    private let attempts = Mutex<[String: Int]>([:])

    public init(spec: Spec, seed: UInt64) {
        self.spec = spec
        self.seed = seed
    }

    /// The fault for this request, counting it as the next attempt at its target.
    public func nextFault(for target: String) -> Kind? {
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

    /// Applies a fault to the response the API gave.
    public func apply(_ kind: Kind, to response: SampleResponse) -> SampleResponse {
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
