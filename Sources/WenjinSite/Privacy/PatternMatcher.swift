/// Finds every occurrence of many byte patterns in one pass over a text (Aho–Corasick, as a
/// complete automaton: one table lookup per byte), so a privacy check costs one read of each
/// output file whatever the number of forbidden strings.
struct PatternMatcher: Sendable {
    /// `transitions[state * 256 + byte]`: the state after reading `byte`.
    private let transitions: [Int32]
    /// The patterns that end at each state (its own and those of its suffixes).
    private let outputs: [[Int]]
    let patternCount: Int

    init(_ patterns: [[UInt8]]) {
        var transitions = [Int32](repeating: -1, count: 256)
        var outputs: [[Int]] = [[]]
        for (number, pattern) in patterns.enumerated() where !pattern.isEmpty {
            var state = 0
            for byte in pattern {
                let slot = state * 256 + Int(byte)
                if transitions[slot] < 0 {
                    transitions[slot] = Int32(outputs.count)
                    outputs.append([])
                    transitions += [Int32](repeating: -1, count: 256)
                }
                state = Int(transitions[slot])
            }
            outputs[state].append(number)
        }
        // Breadth first, each state's missing transitions are its failure state's, and its
        // outputs gain its failure state's: after that, matching never backs up.
        var failure = [Int](repeating: 0, count: outputs.count)
        var queue: [Int] = []
        for byte in 0..<256 {
            let next = Int(transitions[byte])
            if next < 0 { transitions[byte] = 0 } else { queue.append(next) }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            outputs[state] += outputs[failure[state]]
            for byte in 0..<256 {
                let slot = state * 256 + byte
                let next = Int(transitions[slot])
                let fallback = transitions[failure[state] * 256 + byte]
                if next < 0 {
                    transitions[slot] = fallback
                } else {
                    failure[next] = Int(fallback)
                    queue.append(next)
                }
            }
        }
        self.transitions = transitions
        self.outputs = outputs
        patternCount = patterns.count
    }

    /// Each match as (pattern number, offset just past its last byte), in the order they end.
    func matches(in bytes: some Collection<UInt8>) -> [(pattern: Int, end: Int)] {
        var found: [(pattern: Int, end: Int)] = []
        var state = 0
        var offset = 0
        transitions.withUnsafeBufferPointer { table in
            for byte in bytes {
                state = Int(table[state &* 256 &+ Int(byte)])
                offset += 1
                if !outputs[state].isEmpty {
                    for pattern in outputs[state] { found.append((pattern, offset)) }
                }
            }
        }
        return found
    }
}
