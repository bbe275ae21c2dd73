import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// The lists the site builder reads come in page order.
@Suite struct QueryTests {
    let store: Store
    let base = Fixtures.time

    init() throws {
        store = try Store.inMemory()
        try store.write { writer in
            for (id, minutes, topics) in [(1, 30, [57]), (2, 10, [57, 12]), (3, 20, [12])] {
                try writer.upsert(Question(id: QuestionID(id), title: "问题 \(id)", askerID: 7, addTime: base,
                                           updateTime: base.addingTimeInterval(Double(minutes) * 60),
                                           topicIDs: topics.map { TopicID($0) }))
            }
            try writer.upsert(Question(id: 4, title: "匿名", askerID: 7, isAnonymous: true, addTime: base,
                                       updateTime: base))
            try writer.upsert(Answer(id: 10, questionID: 1, authorID: 7, contentHTML: "少", addTime: base, agreeCount: 1))
            try writer.upsert(Answer(id: 11, questionID: 1, authorID: 8, contentHTML: "多", addTime: base, agreeCount: 9))
            try writer.upsert(Answer(id: 12, questionID: 1, authorID: 7, contentHTML: "晚", addTime: base + 60, agreeCount: 1))
            try writer.upsert(Answer(id: 13, questionID: 2, authorID: nil, isAnonymous: true, contentHTML: "匿名"))
            try writer.upsert(AnswerComment(id: 2, answerID: 10, authorID: 8, text: "后", addTime: base + 5))
            try writer.upsert(AnswerComment(id: 1, answerID: 10, authorID: 8, text: "先", addTime: base))
            try writer.upsert(Article(id: 1, authorID: 7, title: "旧", messageHTML: "", addTime: base, topicIDs: [57]))
            try writer.upsert(Article(id: 2, authorID: 8, title: "新", messageHTML: "", addTime: base + 60))
            try writer.upsert(ArticleComment(id: 5, articleID: 1, authorID: 8, message: "一", addTime: base))
            try writer.upsert(Topic(id: 12, title: "自习", discussCount: 1))
            try writer.upsert(Topic(id: 57, title: "北洋园", discussCount: 5))
        }
    }

    @Test("The bulk readers give every list in the order of the per-item readers")
    func bulkReadersMatchPerItemReaders() throws {
        try store.read { reader in
            let answers = try reader.answersByQuestion()
            #expect(Set(answers.keys) == [1, 2])
            for question in [1, 2] as [QuestionID] { #expect(answers[question] == (try reader.answers(of: question))) }
            #expect(answers[1]?.map(\.id) == [11, 10, 12])
            let comments = try reader.commentsByAnswer()
            #expect(comments[10]?.map(\.text) == ["先", "后"])
            #expect(comments[10] == (try reader.comments(of: 10)))
            let articleComments = try reader.commentsByArticle()
            #expect(Array(articleComments.keys) == [1])
            #expect(articleComments[1] == (try reader.comments(of: ArticleID(1))))
        }
    }

    @Test func allQuestionsComeMostRecentlyUpdatedFirstWithTheirTopics() throws {
        let questions = try store.read { try $0.questions() }
        #expect(questions.map(\.id) == [1, 3, 2, 4])
        #expect(questions.map(\.topicIDs) == [[57], [12], [57, 12], []])
    }

    @Test("The first question is the one the index lists first, with its topics and description")
    func firstQuestionIsTheMostRecentlyAnswered() throws {
        let (first, empty) = try (store.read { try $0.firstQuestion() }, Store.inMemory().read { try $0.firstQuestion() })
        #expect(first?.id == 1)
        #expect(first?.topicIDs == [57])
        #expect(first?.title == "问题 1")
        #expect(empty == nil)
    }

    @Test func aTopicListsItsQuestionsAndArticles() throws {
        let (questions, articles) = try store.read { (try $0.questions(inTopic: 57), try $0.articles(inTopic: 57)) }
        #expect(questions.map(\.id) == [1, 2])
        #expect(questions.last?.topicIDs == [57, 12])
        #expect(articles.map(\.id) == [1])
    }

    @Test func aUsersPagesLeaveOutTheirAnonymousPosts() throws {
        let (questions, answers) = try store.read { (try $0.questions(askedBy: 7), try $0.answers(by: 7)) }
        // Same asking time: newest ID first.
        #expect(questions.map(\.id) == [3, 2, 1])
        #expect(answers.map(\.id) == [12, 10])
    }

    @Test func answersOfAQuestionComeMostAgreedThenOldestFirst() throws {
        let answers = try store.read { try $0.answers(of: 1) }
        #expect(answers.map(\.id) == [11, 10, 12])
    }

    @Test func commentsComeOldestFirst() throws {
        let (answerComments, articleComments) = try store.read {
            (try $0.comments(of: AnswerID(10)), try $0.comments(of: ArticleID(1)))
        }
        #expect(answerComments.map(\.text) == ["先", "后"])
        #expect(articleComments.map(\.message) == ["一"])
    }

    @Test func articlesComeNewestFirstAndTopicsMostDiscussedFirst() throws {
        let (articles, byAuthor, topics) = try store.read {
            (try $0.articles(), try $0.articles(by: 8), try $0.topics())
        }
        #expect(articles.map(\.id) == [2, 1])
        #expect(byAuthor.map(\.id) == [2])
        #expect(topics.map(\.id) == [57, 12])
    }
}
