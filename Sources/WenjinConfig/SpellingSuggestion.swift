/// Finds the known name a user most likely meant when they typed an unknown one.
///
/// Shared by site.json decoding (unknown keys) and the command line (unknown commands and
/// options), so both say "did you mean" by the same rule.
package enum SpellingSuggestion {
    /// The candidate closest to `typed` by edit distance, or nil when none is close enough to
    /// be a plausible typo (more than a third of the longer name would have to change).
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        let typedLower = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typedLower, Array(candidate.lowercased()))
            let allowed = max(1, max(typedLower.count, candidate.count) / 3)
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance where swapping two neighbouring characters also counts as one edit,
    /// since transposed letters are the commonest typo.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
