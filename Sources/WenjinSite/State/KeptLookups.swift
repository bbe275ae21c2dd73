import Foundation
import WenjinBuildSupport
import WenjinModel

/// The lookups that walk the whole archive (`WholeArchiveLookups`), kept between builds in the
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
    /// 24 bytes, as every field after it is whole words: the file is a whole number of words,
    /// which its mapping needs (`StateFile.mapWords`).
    private static let format = "wenjin lookups, format 1"

    private typealias Table = (ids: [Int], places: [Int])
    private typealias Runs = (owners: [Int], starts: [Int32], positions: [Int32])

    let layout: UInt64
    private let questionsByID: Table
    private let articlesByID: Table
    private let usersByID: Table
    private let topicsByID: Table
    /// Places into the answers' questions in the layout's order (`WholeArchiveLookups.answersQuestions`).
    private let questionOfAnswer: Table
    /// Places into the authored answers in the layout's order (`WholeArchiveLookups.authoredAnswers`).
    private let answersByAuthor: Runs
    private let questionsByTopic: Runs
    private let questionsByAsker: Runs
    private let unanswered: [Int32]

    init(layout: UInt64, made: WholeArchiveLookups) {
        self.layout = layout
        (questionsByID, articlesByID) = (made.questionsByID.idsAndPlaces, made.articlesByID.idsAndPlaces)
        (usersByID, topicsByID, questionOfAnswer) = (made.usersByID.idsAndPlaces, made.topicsByID.idsAndPlaces,
                                                     made.questionOfAnswer.idsAndPlaces)
        (answersByAuthor, questionsByTopic, questionsByAsker) = (made.answersByAuthor.runs, made.questionsByTopic.runs,
                                                                 made.questionsByAsker.runs)
        unanswered = made.unanswered
    }

    /// The lookups of `content` (whose answer lists in the layout's order are `answerLists`)
    /// when this file was made from its layout; nil when a part does not fit its tables (a file
    /// that passed its seal but not its checks).
    func made(for content: ArchiveContent, answerLists: LookupLayout.AnswerLists) -> WholeArchiveLookups? {
        // The authored answers (300,000 copies at 100,000 questions) made beside the rest.
        let (authored, tables) = SideBySide.run({
            WholeArchiveLookups.authoredAnswers(answerLists, capacity: questionOfAnswer.ids.count)
        }, { () -> (EntityTable<QuestionID, Question>, EntityTable<ArticleID, Article>, EntityTable<UserID, User>,
                    EntityTable<TopicID, Topic>, EntityTable<AnswerID, QuestionID>, ListsByOwner<TopicID, Question>,
                    ListsByOwner<UserID, Question>)? in
            guard let questions = EntityTable<QuestionID, Question>(values: content.questions, idsAndPlaces: questionsByID),
                  let articles = EntityTable<ArticleID, Article>(values: content.articles, idsAndPlaces: articlesByID),
                  let users = EntityTable<UserID, User>(values: content.users, idsAndPlaces: usersByID),
                  let topics = EntityTable<TopicID, Topic>(values: content.topics, idsAndPlaces: topicsByID),
                  let answers = EntityTable<AnswerID, QuestionID>(values: WholeArchiveLookups.answersQuestions(answerLists),
                                                                  idsAndPlaces: questionOfAnswer),
                  let byTopic = ListsByOwner<TopicID, Question>(content.questions, runs: questionsByTopic),
                  let byAsker = ListsByOwner<UserID, Question>(content.questions, runs: questionsByAsker) else { return nil }
            return (questions, articles, users, topics, answers, byTopic, byAsker)
        })
        guard let (questions, articles, users, topics, answers, byTopic, byAsker) = tables,
              let byAuthor = ListsByOwner<UserID, Answer>(authored, runs: answersByAuthor),
              unanswered.allSatisfy({ $0 >= 0 && Int($0) < content.questions.count }) else { return nil }
        return WholeArchiveLookups(questionsByID: questions, articlesByID: articles, usersByID: users, topicsByID: topics,
                                   questionOfAnswer: answers, answersByAuthor: byAuthor, questionsByTopic: byTopic,
                                   questionsByAsker: byAsker, unanswered: unanswered)
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
        func add(_ integers: some Collection<some BinaryInteger>) {
            writer.add(integers.count)
            writer.add(words: integers.map { UInt64(bitPattern: Int64($0)) })
        }
        for table in [questionsByID, articlesByID, usersByID, topicsByID, questionOfAnswer] {
            add(table.ids)
            add(table.places)
        }
        for runs in [answersByAuthor, questionsByTopic, questionsByAsker] {
            add(runs.owners)
            add(runs.starts)
            add(runs.positions)
        }
        add(unanswered)
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
        func table() throws(ByteReader.Malformed) -> Table { (try integers(), try integers()) }
        func runs() throws(ByteReader.Malformed) -> Runs { (try integers(), try places(), try places()) }
        (questionsByID, articlesByID, usersByID, topicsByID, questionOfAnswer) = (try table(), try table(), try table(), try table(),
                                                                                 try table())
        (answersByAuthor, questionsByTopic, questionsByAsker) = (try runs(), try runs(), try runs())
        unanswered = try places()
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
    }
}
