/// Why site.json cannot be used, with the file, line, column and key path it concerns.
package struct SiteConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        case unreadable(String)
        case syntax(String)
        case duplicateKey
        /// `suggestion` is the closest known key at the same level, if any is close.
        case unknownKey(suggestion: String?, known: [String])
        case wrongType(expected: String, found: String)
        case outOfRange(value: String, allowed: String)
        case invalidValue(value: String, expected: String)
    }

    /// The file as the user would name it (`site.json`, or the path given).
    package let file: String
    package let line: Int?
    package let column: Int?
    /// Dotted path of the key concerned (`crawl.requestsPerSecond`), when there is one.
    package let keyPath: String?
    package let reason: Reason

    package init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.reason = reason
    }

    /// `site.json:3:5`, or just the file when there is no position.
    package var fileLocation: String {
        guard let line, let column else { return file }
        return "\(file):\(line):\(column)"
    }

    /// What is wrong, in one line.
    package var problem: String {
        let key = keyPath.map { "'\($0)'" } ?? "the file"
        switch reason {
        case .unreadable(let why): return "cannot read \(file): \(why)"
        case .syntax(let message): return "JSON syntax error: \(message)"
        case .duplicateKey: return "key \(key) appears twice"
        case .unknownKey: return "unknown key \(key)"
        case .wrongType(let expected, let found): return "\(key) must be \(expected), found \(found)"
        case .outOfRange(let value, let allowed): return "\(key) is \(value), out of range: \(allowed)"
        case .invalidValue(let value, let expected): return "\(key) is \(value), expected \(expected)"
        }
    }

    /// What to do about it, when there is something specific to say.
    package var hint: String? {
        switch reason {
        case .unknownKey(let suggestion?, _): return "did you mean '\(suggestion)'?"
        case .unknownKey(nil, let known): return "known keys here: " + known.joined(separator: ", ")
        case .duplicateKey: return "keep one of them"
        default: return nil
        }
    }

    package var description: String {
        "\(fileLocation): \(problem)" + (hint.map { "; \($0)" } ?? "")
    }
}
