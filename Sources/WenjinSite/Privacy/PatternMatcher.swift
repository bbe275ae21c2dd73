/// Finds every occurrence of many byte patterns in one pass over a text (Aho–Corasick), so a
/// privacy check costs one read of each output file whatever the number of forbidden strings.
///
/// The root's transitions are a table (most bytes of a page lead nowhere and stay there); the
/// other states keep their few children in a list, so thousands of long patterns cost memory
/// in proportion to their bytes, not 256 entries per byte.
struct PatternMatcher: Sendable {
    private let rootNext: [Int32]
    /// Each state's children as (byte, state), for states other than the root.
    private let children: [[(byte: UInt8, state: Int32)]]
    private let failure: [Int32]
    /// The patterns that end at each state (its own and those of its suffixes).
    private let outputs: [[Int]]

    init(_ patterns: [[UInt8]]) {
        var rootNext = [Int32](repeating: 0, count: 256)
        var children: [[(byte: UInt8, state: Int32)]] = [[]]
        var outputs: [[Int]] = [[]]
        func child(_ state: Int, _ byte: UInt8) -> Int? {
            if state == 0 { return rootNext[Int(byte)] == 0 ? nil : Int(rootNext[Int(byte)]) }
            return children[state].first { $0.byte == byte }.map { Int($0.state) }
        }
        for (number, pattern) in patterns.enumerated() where !pattern.isEmpty {
            var state = 0
            for byte in pattern {
                if let next = child(state, byte) {
                    state = next
                    continue
                }
                let next = children.count
                children.append([])
                outputs.append([])
                if state == 0 { rootNext[Int(byte)] = Int32(next) } else { children[state].append((byte, Int32(next))) }
                state = next
            }
            outputs[state].append(number)
        }
        // Breadth first, so a state's failure (a shorter suffix) is complete before it is used.
        var failure = [Int32](repeating: 0, count: children.count)
        var queue = rootNext.filter { $0 != 0 }.map(Int.init)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for (byte, next) in children[state] {
                var fallback = Int(failure[state])
                while true {
                    if let target = child(fallback, byte) {
                        failure[Int(next)] = Int32(target)
                        break
                    }
                    if fallback == 0 { break }
                    fallback = Int(failure[fallback])
                }
                outputs[Int(next)] += outputs[Int(failure[Int(next)])]
                queue.append(Int(next))
            }
        }
        self.rootNext = rootNext
        self.children = children
        self.failure = failure
        self.outputs = outputs
    }

    /// Each match as (pattern number, offset just past its last byte), in the order they end.
    func matches(in bytes: UnsafeRawBufferPointer) -> [(pattern: Int, end: Int)] {
        var found: [(pattern: Int, end: Int)] = []
        var state = 0
        for (offset, byte) in bytes.enumerated() {
            while true {
                if state == 0 {
                    state = Int(rootNext[Int(byte)])
                    break
                }
                if let next = children[state].first(where: { $0.byte == byte }) {
                    state = Int(next.state)
                    break
                }
                state = Int(failure[state])
            }
            if state != 0, !outputs[state].isEmpty {
                for pattern in outputs[state] { found.append((pattern, offset + 1)) }
            }
        }
        return found
    }
}
