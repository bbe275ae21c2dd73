import Foundation

/// A response type this module decodes from the `rsm` payload of WeCenter's envelope.
public protocol APIDecodable: Sendable {
    /// Reads the payload; `rsm` is whatever the envelope held under that key.
    init(rsm: APIPayload) throws(APIError)
}

/// The `rsm` payload of one response, handed to `APIDecodable` types. Opaque outside the module.
public struct APIPayload: Sendable {
    let value: JSONValue
    let response: HTTPResponse

    /// An `APIError` about this response for a field that could not be read.
    func error(_ problem: FieldReader.Problem) -> APIError {
        response.error(.unreadableField(path: problem.path, problem: problem.problem))
    }

    /// Runs a reading function, turning a field problem into an `APIError` about this response.
    func read<T>(_ body: (JSONValue) throws(FieldReader.Problem) -> T) throws(APIError) -> T {
        do {
            return try body(value)
        } catch {
            throw self.error(error)
        }
    }

    /// Reads `rsm` as an object; a string payload is WeCenter's way of saying "not found".
    func readObject<T>(_ body: (FieldReader) throws(FieldReader.Problem) -> T) throws(APIError) -> T {
        if case .string(let message) = value { throw response.error(.notFound(message: message)) }
        return try read { value throws(FieldReader.Problem) in try body(FieldReader(value, path: "rsm")) }
    }
}

/// WeCenter's envelope `{"rsm": …, "errno": 1|-1, "err": null|"message"}`.
enum Envelope {
    /// The payload of a successful response, or the `APIError` saying why there is none.
    /// The content type is not checked: WeCenter sends JSON as `text/html`.
    static func payload(of response: HTTPResponse) throws(APIError) -> APIPayload {
        guard (200...299).contains(response.status) else { throw response.error(.httpStatus(response.status)) }
        let document: JSONValue
        do {
            document = try JSONParser.parse([UInt8](response.body))
        } catch {
            throw response.error(.notJSON("\(error.message) at byte \(error.offset)"))
        }
        guard case .object = document, let errnoValue = document["errno"] else {
            throw response.error(.notAnEnvelope)
        }
        let errno: Int
        switch errnoValue {
        case .integer(let number): errno = number
        case .string(let text) where Int(text) != nil: errno = Int(text)!
        default: throw response.error(.notAnEnvelope)
        }
        if errno != 1 {
            var message = ""
            if case .string(let text)? = document["err"] { message = text }
            throw response.error(.rejected(message: message))
        }
        return APIPayload(value: document["rsm"] ?? .null, response: response)
    }

    static func decode<T: APIDecodable>(_ type: T.Type, from response: HTTPResponse) throws(APIError) -> T {
        try T(rsm: payload(of: response))
    }
}
