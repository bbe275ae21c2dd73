/// How a request's body is delimited and whether its connection stays open (RFC 9112 §6, §9.3).
enum RequestBodyFraming {
    /// The body length from `Content-Length` (0 without one). Chunked bodies are refused with
    /// 411 so the client knows to send a length; other transfer codings with 501.
    static func length(of head: RequestHead, maxBodyBytes: Int) throws(RequestRejection) -> Int {
        if head.headers.contains("Transfer-Encoding") {
            if head.headers.listContains("Transfer-Encoding", token: "chunked") {
                throw RequestRejection(
                    status: .lengthRequired, detail: "chunked request bodies are not supported; send Content-Length")
            }
            throw RequestRejection(status: .notImplemented, detail: "Transfer-Encoding is not supported; send Content-Length")
        }
        let values = head.headers.values(for: "Content-Length").flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        }
        guard let first = values.first else { return 0 }
        // Differing lengths are the classic request-smuggling ambiguity: refuse rather than pick one.
        guard values.allSatisfy({ $0 == first }), !first.isEmpty,
              first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let length = Int(first)
        else { throw RequestRejection(status: .badRequest, detail: "invalid Content-Length") }
        guard length <= maxBodyBytes else {
            throw RequestRejection(
                status: .contentTooLarge, detail: "the body is larger than \(maxBodyBytes) bytes")
        }
        return length
    }

    /// HTTP/1.1 keeps the connection unless told `close`; HTTP/1.0 closes unless told `keep-alive`.
    static func wantsKeepAlive(_ head: RequestHead) -> Bool {
        switch head.version {
        case .http1_1: !head.headers.listContains("Connection", token: "close")
        case .http1_0: head.headers.listContains("Connection", token: "keep-alive")
        }
    }
}
