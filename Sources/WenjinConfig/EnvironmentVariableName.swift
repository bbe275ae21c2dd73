/// The name of an environment variable, such as `WENJIN_PASSWORD`. site.json names variables
/// so that secrets never have to be written into a file that is committed or deployed.
package struct EnvironmentVariableName: Sendable, Hashable, CustomStringConvertible {
    package let name: String

    /// Nil unless `name` is a portable variable name: letters, digits and `_`, not starting with a digit.
    package init?(_ name: String) {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
        else { return nil }
        self.name = name
    }

    /// The variable's value in `environment`, when it is set and not empty.
    package func value(in environment: [String: String]) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    package var description: String { name }
}
