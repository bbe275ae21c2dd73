import Foundation

/// Everything that can go wrong while loading, compiling or rendering templates, with the
/// template file and (when one tag is to blame) its line and column.
package struct TemplateError: Error, Equatable, CustomStringConvertible, LocalizedError {
    package enum Reason: Sendable, Equatable {
        /// An opening delimiter without its closing one.
        case unclosedTag
        /// A section, inverted section, parent or block that is never closed.
        case unclosedSection(String)
        /// `{{/found}}` where `{{/expected}}` was due.
        case mismatchedClose(expected: String, found: String)
        /// A closing tag with nothing open.
        case unexpectedClose(String)
        /// A set-delimiters tag that does not hold two non-blank delimiters.
        case badDelimiters(String)
        /// An empty tag name, or one with whitespace inside.
        case invalidTagName(String)
        /// A partial or parent that the library does not hold (strict mode only).
        case unknownPartial(String)
        /// A dynamic partial name (`{{>*name}}`) that is not a string (strict mode only).
        case unresolvedDynamicName(String)
        /// Unescaped output of a value that is not trusted HTML (strict mode only).
        case untrustedUnescapedValue(String)
        /// Partials, parents and blocks nested deeper than the limit: a template includes itself.
        case recursionTooDeep(limit: Int)
        /// Two templates of one library with the same name.
        case duplicateTemplate(String)
        /// A template asked for by name that the library does not hold.
        case unknownTemplate(String)
        /// A template file or folder that could not be read.
        case unreadableFile(String)
    }

    /// The template file (its path when loaded from disk, else its name).
    package let file: String
    /// 1-based line of the tag to blame, when there is one.
    package let line: Int?
    /// 1-based column (in characters) of the tag to blame, when there is one.
    package let column: Int?
    package let reason: Reason

    package init(file: String, line: Int? = nil, column: Int? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    package var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(explanation)"
    }

    package var errorDescription: String? { description }

    private var explanation: String {
        switch reason {
        case .unclosedTag: "tag is not closed"
        case .unclosedSection(let name): "section '\(name)' is not closed"
        case .mismatchedClose(let expected, let found): "'{{/\(found)}}' closes section '\(expected)'"
        case .unexpectedClose(let name): "'{{/\(name)}}' closes nothing"
        case .badDelimiters(let content): "bad set-delimiters tag '\(content)': need two delimiters without spaces or '='"
        case .invalidTagName(let name): "invalid tag name '\(name)'"
        case .unknownPartial(let name): "no template named '\(name)'"
        case .unresolvedDynamicName(let name): "dynamic name '*\(name)' is not a string"
        case .untrustedUnescapedValue(let name):
            "unescaped output of '\(name)', which is not trusted HTML (use {{\(name)}} to escape it)"
        case .recursionTooDeep(let limit): "templates nested more than \(limit) deep (a template includes itself?)"
        case .duplicateTemplate(let name): "two templates are named '\(name)'"
        case .unknownTemplate(let name): "no template named '\(name)'"
        case .unreadableFile(let why): "cannot read: \(why)"
        }
    }
}
