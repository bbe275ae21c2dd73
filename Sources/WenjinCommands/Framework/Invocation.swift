import Foundation

/// Everything a running command may use: its parsed arguments, where to write, and the
/// process surroundings (passed in rather than read from globals so tests can set them).
public struct Invocation: Sendable {
    /// `["wenjin", "drafts", "show"]`, for messages.
    public let commandPath: [String]
    public let arguments: ParsedArguments
    public let console: Console
    /// The site folder commands work in (where site.json is looked for).
    public let workingDirectory: URL
    public let environment: [String: String]
}
