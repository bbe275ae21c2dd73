/// A question row of the explore list.
package struct ExploreQuestion: Sendable, Equatable {
    package var id: RemoteQuestionID
    /// The title, HTML-escaped as sent.
    package var title: String
    package var addTime: Int
    /// Time of the last change (last answer); what incremental crawls compare.
    package var updateTime: Int
    package var askerID: RemoteUserID?
    package var answerCount: Int
    package var viewCount: Int
    package var focusCount: Int
    /// WENJIN only (absent upstream, where anonymous questions show the real asker).
    package var isAnonymous: Bool?
    package var topics: [TopicReference]
    package var asker: UserSummary?
    /// Up to two answerers, most agreed first, in the order sent.
    package var answerUsers: [UserSummary]

    init(_ row: FieldReader) throws(FieldReader.Problem) {
        id = try row.id("question_id")
        title = try row.text("question_content")
        addTime = try row.time("add_time") ?? 0
        updateTime = try row.time("update_time") ?? addTime
        askerID = row.optionalID("published_uid")
        answerCount = try row.count("answer_count")
        viewCount = try row.count("view_count")
        focusCount = try row.count("focus_count")
        isAnonymous = try row.flag("anonymous")
        topics = try TopicReference.list(row, "topics")
        // Who asked and answered is shown by the post itself; an unreadable summary is left out.
        asker = UserSummary.lenient(row, "user_info")
        answerUsers = (try? row.eachItem(in: "answer_users", keyedOrder: .document) { user throws(FieldReader.Problem) in
            try UserSummary(user)
        }.values) ?? []
    }
}
