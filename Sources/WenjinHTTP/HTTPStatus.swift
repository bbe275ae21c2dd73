/// A response status code and its reason phrase.
package struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    package var code: Int
    package var reason: String

    /// A status with the standard reason phrase for `code` (or "Status" when it has none).
    package init(code: Int) {
        self.init(code: code, reason: Self.standardReason(code))
    }

    package init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    package var description: String { "\(code) \(reason)" }

    package static let ok = HTTPStatus(code: 200)
    package static let noContent = HTTPStatus(code: 204)
    package static let movedPermanently = HTTPStatus(code: 301)
    package static let found = HTTPStatus(code: 302)
    package static let notModified = HTTPStatus(code: 304)
    package static let badRequest = HTTPStatus(code: 400)
    package static let forbidden = HTTPStatus(code: 403)
    package static let notFound = HTTPStatus(code: 404)
    package static let methodNotAllowed = HTTPStatus(code: 405)
    package static let requestTimeout = HTTPStatus(code: 408)
    package static let lengthRequired = HTTPStatus(code: 411)
    package static let contentTooLarge = HTTPStatus(code: 413)
    package static let tooManyRequests = HTTPStatus(code: 429)
    package static let headerFieldsTooLarge = HTTPStatus(code: 431)
    package static let internalServerError = HTTPStatus(code: 500)
    package static let notImplemented = HTTPStatus(code: 501)
    package static let serviceUnavailable = HTTPStatus(code: 503)
    package static let versionNotSupported = HTTPStatus(code: 505)

    /// Whether a response with this status never carries a body nor a Content-Length (RFC 9110 §8.6).
    var forbidsBody: Bool { code < 200 || code == 204 || code == 304 }

    private static func standardReason(_ code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
