import Foundation
import WenjinBuildSupport
import WenjinModel

/// The lookups that walk the whole archive (`ArchiveLookup.Made`), kept between builds in the
/// store's folder (`.wenjin/lookups.kept`) as the places and IDs they are made of, with the
/// digest of the layout they were made from (`LookupLayout`): a build whose archive has that
/// layout takes them instead of making them. Only IDs and places into the content's tables: the
/// tables themselves are the build's own, read from the store.
///
/// Sealed, and each part checked as it is taken (IDs ascending, places inside their tables): a
/// damaged file, or one of another program (`programIdentity`) or layout, is not taken, and the
/// lookups are made and kept anew. Private like the store beside it, never published.
struct KeptLookups {
    static let fileName = "lookups.kept"
    /// 24 bytes: every word after it lies on a word boundary, so the file is mapped as words.
    private static let format = "wenjin lookups, format 1"

    let layout: UInt64
    private let questionsByID: (ids: [Int], places: [Int])
    private let articlesByID: (ids: [Int], places: [Int])
    private let usersByID: (ids: [Int], places: [Int])
    private let topicsByID: (ids: [Int], places: [Int])
    private let questionOfAnswer: (ids: [Int], places: [Int], questions: [Int])
    private let answersByAuthor: (owners: [Int], starts: [Int32], positions: [Int32])
    private let questionsByTopic: (owners: [Int], starts: [Int32], positions: [Int32])
    private let questionsByAsker: (owners: [Int], starts: [Int32], positions: [Int32])
    private let unanswered: [Int32]

    init(layout: UInt64, made: ArchiveLookup.Made) {
        self.layout = layout
        (questionsByID, articlesByID) = (made.questionsByID.sortedIDs, made.articlesByID.sortedIDs)
        (usersByID, topicsByID) = (made.usersByID.sortedIDs, made.topicsByID.sortedIDs)
        let answers = made.questionOfAnswer.sortedIDs
        questionOfAnswer = (answers.ids, answers.places, made.questionOfAnswer.valuesAsGiven.map(\.rawValue))
        (answersByAuthor, questionsByTopic, questionsByAsker) = (made.answersByAuthor.runs, made.questionsByTopic.runs,
                                                                 made.questionsByAsker.runs)
        unanswered = made.unanswered
    }

    /// The lookups of `content`, whose layout is this file's; nil when a part does not fit its
    /// tables (a file that passed its seal but not its checks).
    func made(for content: ArchiveContent, answerLists: LookupLayout.AnswerLists) -> ArchiveLookup.Made? {
        // The authored answers (300,000 copies at 100,000 questions) beside the checks of the rest.
        let (authored, others) = SideBySide.run({
            ArchiveLookup.authoredAnswers(answerLists, capacity: questionOfAnswer.ids.count)
        }, { madeButAuthored(for: content) })
        guard let others, let answersByAuthor = ListsByOwner<UserID, Answer>(authored, runs: answersByAuthor) else { return nil }
        var made = others
        made.answersByAuthor = answersByAuthor
        return made
    }

    /// The lookups but the answers by author (left empty).
    private func madeButAuthored(for content: ArchiveContent) -> ArchiveLookup.Made? {
        guard let questions = EntityTable<QuestionID, Question>(values: content.questions, sortedIDs: questionsByID),
              let articles = EntityTable<ArticleID, Article>(values: content.articles, sortedIDs: articlesByID),
              let users = EntityTable<UserID, User>(values: content.users, sortedIDs: usersByID),
              let topics = EntityTable<TopicID, Topic>(values: content.topics, sortedIDs: topicsByID),
              let questionOfAnswer = EntityTable<AnswerID, QuestionID>(values: self.questionOfAnswer.questions.map { QuestionID($0) },
                                                                       sortedIDs: (self.questionOfAnswer.ids, self.questionOfAnswer.places)),
              let questionsByTopic = ListsByOwner<TopicID, Question>(content.questions, runs: questionsByTopic),
              let questionsByAsker = ListsByOwner<UserID, Question>(content.questions, runs: questionsByAsker),
              unanswered.allSatisfy({ $0 >= 0 && Int($0) < content.questions.count }) else { return nil }
        return ArchiveLookup.Made(questionsByID: questions, articlesByID: articles, usersByID: users, topicsByID: topics,
                                  questionOfAnswer: questionOfAnswer, answersByAuthor: ListsByOwner([], owners: [], places: []),
                                  questionsByTopic: questionsByTopic,
                                  questionsByAsker: questionsByAsker, unanswered: unanswered)
    }

    /// The file in `folder` when it is whole and of this program; taken only for its `layout`.
    /// Mapped, not read into memory: each part is copied once, into the table it makes.
    static func load(from folder: URL) -> KeptLookups? {
        guard let file = StateFile.mapWords(folder.appendingPathComponent(fileName)) else { return nil }
        return withExtendedLifetime(file) {
            let bytes = UnsafeRawBufferPointer(file.buffer)
            guard ByteReader.isSealed(bytes) else { return nil }
            var reader = RowReader(UnsafeRawBufferPointer(rebasing: bytes.dropLast(8)))
            return try? KeptLookups(reading: &reader)
        }
    }

    /// Writes the file in place of the one in `folder`. Not fatal when it fails: the next build
    /// makes the lookups.
    func save(in folder: URL) {
        var writer = ByteWriter()
        writer.add(Self.format)
        writer.add(PageFingerprint.programIdentity)
        writer.add(layout)
        for list in [questionsByID.ids, questionsByID.places, articlesByID.ids, articlesByID.places, usersByID.ids, usersByID.places,
                     topicsByID.ids, topicsByID.places, questionOfAnswer.ids, questionOfAnswer.places, questionOfAnswer.questions,
                     answersByAuthor.owners, questionsByTopic.owners, questionsByAsker.owners] {
            writer.add(list.count)
            writer.add(words: list.map { UInt64(bitPattern: Int64($0)) })
        }
        for list in [answersByAuthor.starts, answersByAuthor.positions, questionsByTopic.starts, questionsByTopic.positions,
                     questionsByAsker.starts, questionsByAsker.positions, unanswered] {
            writer.add(list.count)
            writer.add(words: list.map { UInt64(bitPattern: Int64($0)) })
        }
        StateFile.replace(Self.fileName, in: folder, with: writer.sealed)
    }

    private init(reading reader: inout RowReader) throws(ByteReader.Malformed) {
        guard try reader.string() == Self.format, try reader.word() == PageFingerprint.programIdentity else { throw ByteReader.Malformed() }
        layout = try reader.word()
        func integers() throws(ByteReader.Malformed) -> [Int] { try reader.integers(try reader.count()) }
        func places() throws(ByteReader.Malformed) -> [Int32] {
            let integers = try integers()
            guard integers.allSatisfy({ $0 >= 0 && $0 <= Int(Int32.max) }) else { throw ByteReader.Malformed() }
            return integers.map { Int32(truncatingIfNeeded: $0) }
        }
        questionsByID = (try integers(), try integers())
        articlesByID = (try integers(), try integers())
        usersByID = (try integers(), try integers())
        topicsByID = (try integers(), try integers())
        questionOfAnswer = (try integers(), try integers(), try integers())
        let owners = (answers: try integers(), topics: try integers(), askers: try integers())
        answersByAuthor = (owners.answers, try places(), try places())
        questionsByTopic = (owners.topics, try places(), try places())
        questionsByAsker = (owners.askers, try places(), try places())
        unanswered = try places()
        guard reader.isAtEnd, questionOfAnswer.questions.count == questionOfAnswer.ids.count else { throw ByteReader.Malformed() }
    }
}
