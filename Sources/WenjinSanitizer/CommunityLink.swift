import Foundation

/// What a URL inside a body points at on the community, once its host is known to be one of
/// the community's (see `CommunityHosts`). The site builder turns these into archive paths.
package enum CommunityLink: Hashable, Codable, Sendable {
    /// `?/question/3521`, `question/3521`, `?/m/question/3521`, and the single-answer forms
    /// `m/question/id-3521__answer_id-10873__single-TRUE` or `?/question/3521?answer_id=10873`.
    case question(id: Int, answerID: Int?)
    case article(id: Int)
    /// `people/<url_token>` (a name or a numeric uid, as written).
    case user(token: String)
    /// `topic/<url_token>`.
    case topic(token: String)
    /// An image: on a community host the original upload (thumbnail prefixes `170x110_` and
    /// `90x90_` removed), elsewhere the absolute URL as written.
    case image(originalURL: String)

    /// Reads a WeCenter route (`question/3521`, `m/question/id-3521__answer_id-7`) with its
    /// query parameters and fragment.
    init?(route: Substring, query: Substring, fragment: Substring) {
        var segments = route.split(separator: "/").map { $0.utf8.contains(UInt8(ascii: "%")) ? $0.removingPercentEncodingOrSelf : String($0) }
        if segments.first == "m" { segments.removeFirst() }
        guard segments.count >= 2 else { return nil }
        // WeCenter accepts `key-value` pairs joined by `__` in any later segment.
        var values: [String: String] = [:]
        for segment in segments.dropFirst() {
            guard segment.utf8.contains(UInt8(ascii: "-")) else { continue }
            for pair in segment.components(separatedBy: "__") {
                guard let dash = pair.firstIndex(of: "-") else { continue }
                values[String(pair[..<dash])] = String(pair[pair.index(after: dash)...])
            }
        }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, values[String(parts[0])] == nil { values[String(parts[0])] = String(parts[1]) }
        }
        let first = segments[1]
        let key = values["id"] ?? (first.contains("-") ? nil : first)
        switch segments[0] {
        case "question":
            guard let id = key.flatMap(Int.init), id > 0 else { return nil }
            let answer = values["answer_id"].flatMap(Int.init) ?? Self.answerAnchor(fragment)
            self = .question(id: id, answerID: answer)
        case "article":
            guard let id = key.flatMap(Int.init), id > 0 else { return nil }
            self = .article(id: id)
        case "people":
            guard let token = key, !token.isEmpty else { return nil }
            self = .user(token: token)
        case "topic":
            guard let token = key, !token.isEmpty else { return nil }
            self = .topic(token: token)
        default:
            return nil
        }
    }

    /// WeCenter's answer anchors: `#!answer_10873` or `#answer_10873`.
    private static func answerAnchor(_ fragment: Substring) -> Int? {
        var rest = fragment
        if rest.hasPrefix("!") { rest = rest.dropFirst() }
        guard rest.hasPrefix("answer_") else { return nil }
        return Int(rest.dropFirst("answer_".count))
    }
}

extension String {
    var removingPercentEncodingOrSelf: String { removingPercentEncoding ?? self }
}

extension Substring {
    var removingPercentEncodingOrSelf: String { String(self).removingPercentEncodingOrSelf }
}
