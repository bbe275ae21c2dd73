import WenjinJSON

/// A response type this module decodes from the `rsm` payload of WeCenter's envelope.
package protocol APIDecodable: Sendable {
    /// Reads the payload; `rsm` is whatever the envelope held under that key.
    init(rsm: APIPayload) throws(APIError)
}

/// The `rsm` payload of one response, handed to `APIDecodable` types. Opaque outside the module.
package struct APIPayload: Sendable {
    let value: JSONValue
    let response: APIResponse

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
        // PHP encodes an empty array as `[]` whether it meant a list or an object.
        let object: JSONValue = value == .array([]) ? .object([]) : value
        return try read { _ throws(FieldReader.Problem) in try body(FieldReader(object, path: "rsm")) }
    }
}
