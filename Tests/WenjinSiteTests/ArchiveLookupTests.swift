import Foundation
import Testing
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinStore
@testable import WenjinSample
@testable import WenjinSite

/// `ArchiveLookup` makes its tables by sorting (`EntityTable`), its lists as places in the
/// content's tables (`ListsByOwner`), and some on demand
/// (names, avatars): on archives made at random (IDs in any order, repeated topics, anonymous
/// and authorless posts, equal times), every lookup answers as tables made one entry at a time do.
@Suite("Archive lookup")
struct ArchiveLookupTests {
    @Test("Every lookup answers as hash tables filled one entity at a time do", arguments: [3, 17, 2026, 99] as [UInt64])
    func lookupsMatchTablesFilledOneByOne(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let content = Self.randomContent(&random)
        let archive = ArchiveLookup(content)
        let expected = Reference(content)

        for id in 0...Self.idRange.upperBound + 1 {
            #expect(archive.questionsByID[QuestionID(id)] == expected.questionsByID[QuestionID(id)], "question \(id)")
            #expect(archive.usersByID[UserID(id)] == expected.usersByID[UserID(id)], "user \(id)")
            #expect(archive.topicsByID[TopicID(id)] == expected.topicsByID[TopicID(id)], "topic \(id)")
            #expect(archive.articlesByID[ArticleID(id)] == expected.articlesByID[ArticleID(id)], "article \(id)")
            #expect(archive.avatars[UserID(id)] == expected.avatars[UserID(id)], "avatar of \(id)")
        }
        for id in 0...Self.idRange.upperBound * 4 {
            #expect(archive.questionOfAnswer[AnswerID(id)] == expected.questionOfAnswer[AnswerID(id)], "answer \(id)")
        }
        #expect(archive.questionsByID.count == expected.questionsByID.count)
        #expect(archive.usersByID.count == expected.usersByID.count)
        #expect(archive.questionOfAnswer.count == expected.questionOfAnswer.count)
        #expect(Array(archive.questionsByID.keys) == expected.questionsByID.keys.sorted())
        #expect(archive.questionOfAnswer.entries.map { [$0.key.rawValue, $0.value.rawValue] }
                == expected.questionOfAnswer.sorted { $0.key < $1.key }.map { [$0.key.rawValue, $0.value.rawValue] })
        for name in content.users.flatMap({ [$0.userName, $0.nickName ?? ""] }) + ["nobody"] {
            #expect(archive.usersByName[Sanitizer.decodeEntities(name)] == expected.usersByName[Sanitizer.decodeEntities(name)], "\(name)")
        }
        for title in content.topics.map(\.title) + ["nothing"] {
            #expect(archive.topicsByTitle[Sanitizer.decodeEntities(title)] == expected.topicsByTitle[Sanitizer.decodeEntities(title)])
        }
        #expect(Self.dictionary(archive.questionsByTopic) == expected.questionsByTopic)
        #expect(Self.dictionary(archive.questionsByAsker) == expected.questionsByAsker)
        #expect(Self.dictionary(archive.answersByAuthor) == expected.answersByAuthor)
        #expect(Array(archive.unansweredQuestions) == expected.unansweredQuestions)
        #expect(Self.dictionary(archive.articlesByTopic) == expected.articlesByTopic)
        #expect(Self.dictionary(archive.articlesByAuthor) == expected.articlesByAuthor)
        for id in 0...Self.idRange.upperBound * 20 {
            #expect(Array(archive.questionsByTopic[TopicID(id)]) == expected.questionsByTopic[TopicID(id)] ?? [], "topic \(id)")
        }
        // Asked for on many threads at once (topics sorted on first use), as one at a time.
        let related = content.questions.map { Self.related(of: $0, in: expected.questionsByTopic) }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for (question, shown) in zip(content.questions, related) { #expect(archive.relatedQuestions.of(question) == shown) }
        }
    }

    @Test("Lists by owner keep each owner's entries in order, owners' IDs close or far apart", arguments: [5, 41, 777] as [UInt64])
    func listsByOwnerMatchListsAppendedOneByOne(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for spread in [10, 1_000_000, Int.max / 4] {
            let models = (0..<random.int(0...3000)).map { "m\($0)" }
            var owners: [Int] = [], places: [Int32] = [], expected: [UserID: [String]] = [:]
            for _ in 0..<random.int(0...5000) where !models.isEmpty {
                let owner = random.chance(0.1) ? -random.int(0...spread) : random.int(0...spread)
                let place = random.int(0...(models.count - 1))
                owners.append(owner)
                places.append(Int32(place))
                expected[UserID(owner), default: []].append(models[place])
            }
            let lists = ListsByOwner<UserID, String>(models, owners: owners, places: places)
            #expect(Self.dictionary(lists) == expected, "spread \(spread)")
            #expect(Array(lists.keys) == expected.keys.sorted(), "spread \(spread)")
            #expect(lists[UserID(spread / 2 + 1)].isEmpty == (expected[UserID(spread / 2 + 1)] == nil))
        }
    }

    static func dictionary<Owner, Model>(_ lists: ListsByOwner<Owner, Model>) -> [Owner: [Model]] {
        Dictionary(uniqueKeysWithValues: lists.keys.map { ($0, Array(lists[$0])) })
    }

    /// `RelatedQuestions.of` as first written: the topics' lists sorted by ID up front, shared
    /// topics counted in a dictionary.
    static func related(of question: Question, in byTopic: [TopicID: [Question]]) -> [QuestionID] {
        var shared: [QuestionID: Int] = [:]
        for topic in Set(question.topicIDs) {
            let ids = (byTopic[topic] ?? []).map(\.id).sorted()
            let position = ids.firstIndex { $0.rawValue >= question.id.rawValue } ?? ids.count
            for id in ids[max(0, position - 5)..<min(ids.count, position + 6)] where id != question.id { shared[id, default: 0] += 1 }
        }
        let distance = { (id: QuestionID) in abs(id.rawValue - question.id.rawValue) }
        return shared.sorted { a, b in
            (a.value, -distance(a.key), -a.key.rawValue) > (b.value, -distance(b.key), -b.key.rawValue)
        }.prefix(5).map(\.key)
    }

    @Test("A table asked for on many threads at once is made once, the same for each")
    func namesMadeOnceForEveryThread() {
        let made = Made()
        let names = NameTable<UserID> {
            made.count()
            return ["甲": UserID(1)]
        }
        DispatchQueue.concurrentPerform(iterations: 64) { _ in #expect(names["甲"] == UserID(1)) }
        #expect(made.times == 1)
    }

    private final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var made = 0
        func count() { lock.withLock { made += 1 } }
        var times: Int { lock.withLock { made } }
    }

    static let idRange = 1...60

    /// An archive with IDs out of order, some repeated, questions filed twice under a topic,
    /// anonymous and authorless posts, missing and equal times.
    static func randomContent(_ random: inout SeededRandom) -> ArchiveContent {
        func time() -> Date { Date(timeIntervalSince1970: Double(random.int(0...5)) * 86_400) }
        let userIDs = idRange.filter { _ in random.chance(0.5) }
        let users = userIDs.map { id in
            User(id: UserID(id), userName: random.pick(["amy", "bo&amp;b", "cy", "u\(id)"]), nickName: random.chance(0.5) ? random.pick(["amy", "dee", "", "n\(id)"]) : nil,
                 avatarFile: random.chance(0.6) ? "a\(id % 7).jpg" : nil)
        }
        let topics = idRange.filter { _ in random.chance(0.3) }.shuffled(using: &random).map { id in
            Topic(id: TopicID(id), title: random.pick(["书", "茶", "t\(id)", "&lt;b&gt;"]))
        }
        var questions = idRange.filter { _ in random.chance(0.6) }.shuffled(using: &random).map { id in
            Question(id: QuestionID(id), title: "q\(id)", askerID: random.chance(0.8) ? UserID(random.int(idRange)) : nil,
                     isAnonymous: random.chance(0.2), addTime: time(), updateTime: time(),
                     topicIDs: (0..<random.int(0...3)).map { _ in TopicID(random.pick(topics.map(\.id.rawValue) + [999])) })
        }
        if let first = questions.first, random.chance(0.5) { questions.append(Question(id: first.id, title: "again", addTime: time(), updateTime: time())) }
        var answers: [QuestionID: [Answer]] = [:]
        var answerID = idRange.upperBound * 4
        for question in questions where random.chance(0.7) {
            answers[question.id] = (0..<random.int(0...4)).map { _ in
                answerID -= 1
                return Answer(id: AnswerID(answerID), questionID: question.id, authorID: random.chance(0.85) ? UserID(random.int(idRange)) : nil,
                              isAnonymous: random.chance(0.2), contentHTML: "", addTime: random.chance(0.8) ? time() : nil)
            }
        }
        for question in questions where answers[question.id] == nil { answers[question.id] = [] }
        let articles = idRange.filter { _ in random.chance(0.3) }.shuffled(using: &random).map { id in
            Article(id: ArticleID(id), authorID: UserID(random.int(idRange)), title: "a\(id)", messageHTML: "", addTime: time(),
                    topicIDs: random.chance(0.5) ? [TopicID(random.pick(topics.map(\.id.rawValue) + [1]))] : [])
        }
        let source = "http://wenjin.in"
        var assets: [AssetURL: Asset] = [:]
        for index in 0..<7 where index % 2 == 0 {
            let url = AssetURL(source + "/uploads/avatar/a\(index).jpg")
            assets[url] = Asset(url: url, sha256: String(repeating: "\(index)", count: 64), contentType: "image/jpeg", state: .stored)
        }
        return ArchiveContent(questions: questions, answers: answers, answerComments: [:], users: users, topics: topics, articles: articles,
                              articleComments: [:], assets: assets, counts: StoreCounts(), sourceBase: source, crawlFinishedAt: nil)
    }

    /// The lookups as hash tables filled one entity at a time (the way `ArchiveLookup` made them
    /// until session 10).
    private struct Reference {
        var questionsByID: [QuestionID: Question] = [:]
        var articlesByID: [ArticleID: Article] = [:]
        var usersByID: [UserID: User] = [:]
        var topicsByID: [TopicID: Topic] = [:]
        var usersByName: [String: UserID] = [:]
        var topicsByTitle: [String: TopicID] = [:]
        var avatars: [UserID: SitePath] = [:]
        var questionOfAnswer: [AnswerID: QuestionID] = [:]
        var questionsByTopic: [TopicID: [Question]] = [:]
        var questionsByAsker: [UserID: [Question]] = [:]
        var answersByAuthor: [UserID: [Answer]] = [:]
        var unansweredQuestions: [Question] = []
        var articlesByTopic: [TopicID: [Article]] = [:]
        var articlesByAuthor: [UserID: [Article]] = [:]

        init(_ content: ArchiveContent) {
            for question in content.questions.reversed() { questionsByID[question.id] = question }
            for article in content.articles.reversed() { articlesByID[article.id] = article }
            for user in content.users.reversed() { usersByID[user.id] = user }
            for topic in content.topics.reversed() { topicsByID[topic.id] = topic }
            for user in content.users where usersByName[Sanitizer.decodeEntities(user.userName)] == nil {
                usersByName[Sanitizer.decodeEntities(user.userName)] = user.id
            }
            for user in content.users {
                if let nick = user.nickName.map(Sanitizer.decodeEntities), !nick.isEmpty, usersByName[nick] == nil { usersByName[nick] = user.id }
            }
            for topic in content.topics.sorted(by: { $0.id < $1.id }) where topicsByTitle[Sanitizer.decodeEntities(topic.title)] == nil {
                topicsByTitle[Sanitizer.decodeEntities(topic.title)] = topic.id
            }
            for user in content.users { avatars[user.id] = ArchiveLinks.avatarPath(of: user, in: content) }
            for (question, answers) in content.answers {
                for answer in answers {
                    questionOfAnswer[answer.id] = question
                    if let author = answer.authorID, !answer.isAnonymous { answersByAuthor[author, default: []].append(answer) }
                }
            }
            for list in answersByAuthor.values.indices {
                answersByAuthor.values[list].sort { ($0.addTime ?? .distantPast, $0.id) > ($1.addTime ?? .distantPast, $1.id) }
            }
            for question in content.questions {
                for topic in question.topicIDs { questionsByTopic[topic, default: []].append(question) }
                if let asker = question.askerID, !question.isAnonymous { questionsByAsker[asker, default: []].append(question) }
            }
            for list in questionsByAsker.values.indices { questionsByAsker.values[list].sort { ($0.addTime, $0.id) > ($1.addTime, $1.id) } }
            unansweredQuestions = content.questions.filter { content.answers[$0.id]?.isEmpty ?? true }
            for article in content.articles {
                for topic in article.topicIDs { articlesByTopic[topic, default: []].append(article) }
                articlesByAuthor[article.authorID, default: []].append(article)
            }
        }
    }
}
