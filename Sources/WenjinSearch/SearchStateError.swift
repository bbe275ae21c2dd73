/// Why a saved search index state cannot be used (not a state file, another version, damaged,
/// truncated). The build then writes the index in full, so this never reaches a user.
package struct SearchStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the bytes (`checksum mismatch`).
    package let problem: String

    package init(problem: String) {
        self.problem = problem
    }

    package var description: String { "search index state: \(problem); the index is written in full" }
}
