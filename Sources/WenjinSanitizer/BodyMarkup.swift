/// Which markup a stored body is in (docs/api.md §3.2).
package enum BodyMarkup: String, Codable, Sendable {
    /// Question details, answers and articles from the detail endpoints.
    case html
    /// Stored BBCode: home and topic lists, my_question/my_answer.
    case bbcode
}
