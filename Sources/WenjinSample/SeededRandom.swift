/// A small deterministic generator (SplitMix64). Every sample entity draws from its own stream,
/// seeded from the community seed and the entity's kind and id, so an entity's content does not
/// depend on how many others exist: a community of N+10 questions holds the first N unchanged.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A stream for one entity: `kind` separates questions from answers with the same id.
    init(seed: UInt64, kind: StreamKind, id: Int, salt: UInt64 = 0) {
        var mixer = SeededRandom(seed: seed ^ (kind.rawValue &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next() ^ UInt64(bitPattern: Int64(id)) &* 0xBF58_476D_1CE4_E5B9 ^ salt
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// The independent random streams of the sample community.
enum StreamKind: UInt64 {
    case community = 1, user, topic, question, answer, comment, article, articleComment, image, fault, edit, session, vote
    case deletion, lateComment, profileEdit
}
