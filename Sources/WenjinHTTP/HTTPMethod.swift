/// A request method token as sent (methods are case-sensitive: `get` is not `GET`).
package struct HTTPMethod: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    package var rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    package var description: String { rawValue }

    package static let get = HTTPMethod("GET")
    package static let head = HTTPMethod("HEAD")
    package static let post = HTTPMethod("POST")
    package static let put = HTTPMethod("PUT")
    package static let delete = HTTPMethod("DELETE")
    package static let options = HTTPMethod("OPTIONS")
}
