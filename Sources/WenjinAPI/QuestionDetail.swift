/// `?/api/question/question/` (docs/api.md §2.3, §8.3): a question with one page of its answers.
package struct QuestionDetail: APIDecodable, Equatable {
    /// The server's fixed page size for answers.
    package static let answersPerPage = 100

    package var id: RemoteQuestionID
    /// The title, HTML-escaped as sent.
    package var title: String
    /// The description as HTML ("" when there is none).
    package var detailHTML: String
    package var focusCount: Int
    /// WENJIN only.
    package var askerID: RemoteUserID?
    /// WENJIN only.
    package var isAnonymous: Bool?
    package var addTime: Int?
    /// All answers of the question, not only this page's.
    package var answerCount: Int
    /// This page's answers in the server's order (best answer first on page 1).
    package var answers: [QuestionAnswer]
    /// Answers that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableAnswers: [APIError] = []
    package var topics: [TopicReference]

    /// Whether another page of answers may exist after this one (a full page of 100).
    package var hasMoreAnswerPages: Bool { answers.count + unreadableAnswers.count >= Self.answersPerPage }

    package init(rsm: APIPayload) throws(APIError) {
        let (detail, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in try QuestionDetail.read(fields) }
        self = detail
        unreadableAnswers = problems.map(rsm.error)
    }

    private static func read(_ fields: FieldReader) throws(FieldReader.Problem) -> (QuestionDetail, [FieldReader.Problem]) {
        // Upstream sends `{"1":…,"2":…}` when there is no best answer (key 0 holds the best one).
        let (answers, problems) = try fields.eachItem(in: "answers", keyedOrder: .numericKeys) { answer throws(FieldReader.Problem) in
            try QuestionAnswer(answer)
        }
        return (try QuestionDetail(fields, answers: answers), problems)
    }

    private init(_ fields: FieldReader, answers: [QuestionAnswer]) throws(FieldReader.Problem) {
        let info = try fields.object("question_info")
        id = try info.id("question_id")
        title = try info.text("question_content")
        detailHTML = try info.text("question_detail")
        focusCount = try info.count("focus_count")
        askerID = info.optionalID("published_uid")
        isAnonymous = try info.flag("anonymous")
        addTime = try info.time("add_time")
        self.answers = answers
        answerCount = try fields.optionalCount("answer_count") ?? answers.count
        topics = try TopicReference.list(fields, "question_topics")
    }
}
