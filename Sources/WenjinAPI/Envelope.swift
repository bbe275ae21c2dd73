import Foundation
import WenjinJSON

/// WeCenter's envelope `{"rsm": …, "errno": 1|-1, "err": null|"message"}`.
enum Envelope {
    /// The payload of a successful response, or the `APIError` saying why there is none.
    /// The content type is not checked: WeCenter sends JSON as `text/html`.
    static func payload(of response: APIResponse) throws(APIError) -> APIPayload {
        guard (200...299).contains(response.status) else { throw response.error(.httpStatus(response.status)) }
        let document: JSONValue
        do {
            document = try JSONParser.parse([UInt8](response.body)).value
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

    static func decode<T: APIDecodable>(_ type: T.Type, from response: APIResponse) throws(APIError) -> T {
        try T(rsm: payload(of: response))
    }
}
