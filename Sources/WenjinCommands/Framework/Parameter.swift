import Foundation

/// One option, flag or positional argument of a command, declared once and used for parsing,
/// for the generated `--help`, and by the command to read its value back.
///
/// Commands keep their parameters as `static let`s and pass the same value to
/// `ParsedArguments` to read what the user gave.
package struct Parameter: Sendable, Hashable {
    /// What a value must look like; checked while parsing so commands receive typed values.
    package enum ValueKind: Sendable, Hashable {
        case text
        case integer(ClosedRange<Int>)
        /// An absolute http or https URL.
        case webURL
        case choice([String])
    }

    package enum Role: Sendable, Hashable {
        case option(ValueKind)
        case flag
        case positional(ValueKind)
    }

    /// The long name without dashes (`max-requests`), or the positional's placeholder (`DIR`).
    package let name: String
    /// The placeholder shown in usage (`N`, `URL`); equal to `name` for positionals.
    package let valueName: String
    package let help: String
    package let role: Role
    /// The value used when the user gives none, in command-line form (so it is parsed and
    /// checked like a typed one).
    package let defaultValue: String?
    /// A required option or flag appears without brackets in usage; a missing one is bad usage.
    package let isRequired: Bool

    package static func option(
        _ name: String, value valueName: String, kind: ValueKind = .text,
        default defaultValue: String? = nil, required: Bool = false, help: String
    ) -> Parameter {
        Parameter(name: name, valueName: valueName, help: help, role: .option(kind),
                  defaultValue: defaultValue, isRequired: required)
    }

    package static func flag(_ name: String, required: Bool = false, help: String) -> Parameter {
        Parameter(name: name, valueName: "", help: help, role: .flag, defaultValue: nil, isRequired: required)
    }

    package static func positional(
        _ name: String, kind: ValueKind = .text, default defaultValue: String? = nil,
        required: Bool = true, help: String
    ) -> Parameter {
        Parameter(name: name, valueName: name, help: help, role: .positional(kind),
                  defaultValue: defaultValue, isRequired: required && defaultValue == nil)
    }

    var isPositional: Bool {
        if case .positional = role { return true }
        return false
    }

    /// `--max-requests N`, `--json`, or `DIR`.
    var usageForm: String {
        switch role {
        case .option: return "--\(name) \(valueName)"
        case .flag: return "--\(name)"
        case .positional: return name
        }
    }

    var valueKind: ValueKind? {
        switch role {
        case .option(let kind), .positional(let kind): return kind
        case .flag: return nil
        }
    }
}
