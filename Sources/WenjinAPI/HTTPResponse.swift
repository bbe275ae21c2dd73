import Foundation

/// One HTTP exchange as the crawler needs it: for politeness (Retry-After), conditional
/// requests (ETag, Last-Modified), storing the raw body, and decoding.
public struct HTTPResponse: Sendable {
    /// The URL that was requested.
    public var url: String
    public var status: Int
    /// Header fields with lower-cased names; repeated fields joined by ", " (HTTP's rule).
    public var headers: [String: String]
    public var body: Data

    public init(url: String, status: Int, headers: [String: String] = [:], body: Data) {
        self.url = url
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `Retry-After` as sent: delay seconds or an HTTP date; the crawler interprets it.
    public var retryAfter: String? { header("Retry-After") }
    public var etag: String? { header("ETag") }
    public var lastModified: String? { header("Last-Modified") }
    public var contentType: String? { header("Content-Type") }

    /// An `APIError` about this response, carrying its URL, status and first bytes.
    func error(_ reason: APIError.Reason) -> APIError {
        APIError(reason, url: url, status: status, body: body)
    }
}

extension HTTPResponse {
    /// Decodes this response as `type`; what `Endpoint.decode(_:)` does, for bodies read back
    /// from the store.
    public func decoded<T: APIDecodable>(as type: T.Type) throws(APIError) -> T {
        try Envelope.decode(type, from: self)
    }
}
