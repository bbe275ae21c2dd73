import Synchronization

/// Pictures already drawn, by what drew them. Every sample server in a process draws the same
/// pictures again (the tests start hundreds of servers on the same seed), and drawing and
/// encoding them was 4% of the whole test suite's CPU. Bounded: emptied when it holds `limit`
/// pictures, since a large community (a benchmark's) draws most of its pictures only once.
final class SampleImageCache: Sendable {
    static let shared = SampleImageCache()

    enum Kind: Hashable { case avatar, topic, photo }

    struct Key: Hashable {
        let kind: Kind
        let seed: UInt64
        let id: Int
        let width: Int
        let height: Int
        let png: Bool
    }

    private let limit = 4_096
    private let pictures = Mutex<[Key: [UInt8]]>([:])

    /// The picture `key` names, drawn by `draw` (outside the lock) when it is not kept yet.
    func picture(_ key: Key, draw: () -> [UInt8]) -> [UInt8] {
        if let kept = pictures.withLock({ $0[key] }) { return kept }
        let drawn = draw()
        pictures.withLock { pictures in
            if pictures.count >= limit { pictures.removeAll(keepingCapacity: true) }
            pictures[key] = drawn
        }
        return drawn
    }
}
