import Foundation

/// A response the API client received, as the crawler needs it (what the loopback servers send
/// is WenjinHTTP's `HTTPResponse`): for politeness (Retry-After), conditional
/// requests (ETag, Last-Modified), storing the raw body, and decoding.
package struct APIResponse: Sendable {
    /// The URL that was requested.
    package var url: String
    package var status: Int
    /// Header fields with lower-cased names; repeated fields joined by ", " (HTTP's rule).
    package var headers: [String: String]
    package var body: Data

    package init(url: String, status: Int, headers: [String: String] = [:], body: Data) {
        self.url = url
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `Retry-After` as sent: delay seconds or an HTTP date; the crawler interprets it.
    package var retryAfter: String? { header("Retry-After") }
    package var etag: String? { header("ETag") }
    package var lastModified: String? { header("Last-Modified") }
    package var contentType: String? { header("Content-Type") }

    /// An `APIError` about this response, carrying its URL, status and first bytes.
    func error(_ reason: APIError.Reason) -> APIError {
        APIError(reason, url: url, status: status, body: body)
    }
}

extension APIResponse {
    /// Decodes this response as `type`; what `Endpoint.decode(_:)` does, for bodies read back
    /// from the store.
    package func decoded<T: APIDecodable>(as type: T.Type) throws(APIError) -> T {
        try Envelope.decode(type, from: self)
    }
}
