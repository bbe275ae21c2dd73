import Foundation

/// The values a command was given, already checked against its declared parameters.
/// Defaults are filled in, so a parameter with a default always has a value.
package struct ParsedArguments: Sendable {
    enum Value: Sendable, Equatable {
        case text(String)
        case integer(Int)
        case url(URL)
    }

    private var values: [String: Value] = [:]
    private var flags: Set<String> = []

    init() {}

    mutating func set(_ value: Value, for parameter: Parameter) { values[parameter.name] = value }
    mutating func setFlag(_ parameter: Parameter) { flags.insert(parameter.name) }
    func has(_ parameter: Parameter) -> Bool {
        values[parameter.name] != nil || flags.contains(parameter.name)
    }

    /// The value of a `.text` or `.choice` parameter.
    package func text(_ parameter: Parameter) -> String? {
        if case .text(let text)? = values[parameter.name] { return text }
        return nil
    }

    /// The value of an `.integer` parameter.
    package func integer(_ parameter: Parameter) -> Int? {
        if case .integer(let number)? = values[parameter.name] { return number }
        return nil
    }

    /// The value of a `.webURL` parameter.
    package func url(_ parameter: Parameter) -> URL? {
        if case .url(let url)? = values[parameter.name] { return url }
        return nil
    }

    /// Whether a flag was given.
    package func isSet(_ flag: Parameter) -> Bool { flags.contains(flag.name) }
}
