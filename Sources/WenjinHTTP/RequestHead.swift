/// The request line and header fields of one request, parsed but not yet joined to a body.
struct RequestHead {
    var method: HTTPMethod
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
}
