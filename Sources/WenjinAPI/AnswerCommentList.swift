import WenjinJSON

/// `api/answer_comment.php` (docs/api.md §2.5): every comment of an answer in one response, oldest first.
/// No comments arrive as the object `{"total_rows":"0"}` instead of `[]`.
package struct AnswerCommentList: APIDecodable, Equatable {
    package var comments: [AnswerComment]
    /// Comments that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableRows: [APIError]

    package init(rsm: APIPayload) throws(APIError) {
        let (comments, problems) = try rsm.read { value throws(FieldReader.Problem) in
            if case .object(let members) = value, members.contains(where: { $0.key == "total_rows" }) {
                return ([AnswerComment](), [FieldReader.Problem]())
            }
            return try FieldReader.eachItem(of: value, path: "rsm") { item throws(FieldReader.Problem) in try AnswerComment(item) }
        }
        self.comments = comments
        unreadableRows = problems.map(rsm.error)
    }
}
