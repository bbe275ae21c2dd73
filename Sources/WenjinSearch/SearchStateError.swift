/// Why a saved search index state cannot be used (not a state file, another version, damaged,
/// truncated). The build then writes the index in full, so this never reaches a user.
package struct SearchStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the bytes (`checksum mismatch`).
    package let problem: String

    /// Whether the bytes are a state (or journal) of another version of the format, not damaged ones.
    package let isOtherVersion: Bool

    package init(problem: String) {
        self.problem = problem
        isOtherVersion = false
    }

    /// A state of format `version` where `expected` is read.
    init(version: UInt8, expected: UInt8) {
        problem = "version \(version) is not \(expected)"
        isOtherVersion = true
    }

    package var description: String { "search index state: \(problem); the index is written in full" }
}
