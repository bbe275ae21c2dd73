import Foundation

/// One request of the WENJIN API and the type its response decodes to. The catalog of all
/// read endpoints and login is in `Endpoint+Catalog.swift`.
package struct Endpoint<Response: APIDecodable>: Sendable {
    /// Which of WeCenter's two URL families the request uses (docs/api.md §1.2).
    package enum Target: Sendable, Hashable {
        /// `BASE/?/api/<controller>/<action>/`, parameters appended as `&name=value`; without
        /// an action, `BASE/?/api/<controller>/` (WeCenter runs `index`).
        case routed(controller: String, action: String?)
        /// `BASE/api/<name>.php?name=value&…`, a stand-alone script.
        case script(name: String)
    }

    package enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    package struct Parameter: Sendable, Hashable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package var target: Target
    package var method: Method
    /// Parameters in the URL, in order.
    package var query: [Parameter]
    /// `application/x-www-form-urlencoded` body fields of a POST, in order.
    package var form: [Parameter]

    package init(_ target: Target, method: Method = .get, query: [Parameter] = [], form: [Parameter] = []) {
        self.target = target
        self.method = method
        self.query = query
        self.form = form
    }

    /// The request URL under `base`, exactly as WeCenter's router needs it: the route keeps its
    /// trailing slash (without it the server answers 404), parameters follow with `&`.
    package func url(relativeTo base: APIBaseURL) -> URL {
        let encoded = query.map { "\(Self.percentEncoded($0.name))=\(Self.percentEncoded($0.value))" }
        var text = base.text
        switch target {
        case .routed(let controller, let action):
            text += "?/api/\(controller)/"
            if let action { text += "\(action)/" }
            text += encoded.map { "&" + $0 }.joined()
        case .script(let name):
            text += "api/\(name).php"
            if !encoded.isEmpty { text += "?" + encoded.joined(separator: "&") }
        }
        // Every character outside the URL grammar was percent-encoded above, so this cannot fail.
        return URL(string: text)!
    }

    /// The form body of a POST, percent-encoded.
    package var formBody: Data {
        Data(form.map { "\(Self.percentEncoded($0.name))=\(Self.percentEncoded($0.value))" }
            .joined(separator: "&").utf8)
    }

    /// Decodes a response to this request.
    package func decode(_ response: APIResponse) throws(APIError) -> Response {
        try Envelope.decode(Response.self, from: response)
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters, so `&`, `=`, `+`, `?`,
    /// `#`, spaces and non-ASCII text survive PHP's query parsing intact.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 16 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return result
    }
}
