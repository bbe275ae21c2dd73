/// Why a request is refused before the handler sees it; the connection answers with `status` and closes.
struct RequestRejection: Error {
    var status: HTTPStatus
    var detail: String
}
