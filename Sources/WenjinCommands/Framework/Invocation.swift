import Foundation

/// Everything a running command may use: its parsed arguments, where to write, and the
/// process surroundings (passed in rather than read from globals so tests can set them).
package struct Invocation: Sendable {
    /// `["wenjin", "drafts", "show"]`, for messages.
    package let commandPath: [String]
    package let arguments: ParsedArguments
    package let console: Console
    /// The site folder commands work in (where site.json is looked for).
    package let workingDirectory: URL
    package let environment: [String: String]
}
