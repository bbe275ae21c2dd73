import WenjinBuildSupport
import WenjinModel

/// What the lookups that walk the whole archive (`WholeArchiveLookups`) are made from, and
/// nothing else: the tables' IDs in the content's order (the questions' order is the archive's,
/// most recently active first), and of each question and answer the fields that place it in a
/// list (topics, asker or author and whether shown, time, a question's answers in their order).
/// Two archives of one layout have the same lookups whatever their titles, bodies, comments,
/// names or counts that move nothing; so a rebuild after such edits takes the last build's
/// (`KeptLookups`) instead of making them, a tenth of a rebuild at 100,000 questions. A vote
/// that reorders a question's answers, or new activity that moves a question, changes it.
enum LookupLayout {
    /// A question's answers with its ID, list after list.
    typealias AnswerLists = [(question: QuestionID, answers: [Answer])]

    /// The answer lists by ascending question ID: the layout's order, the same in every build.
    /// Not the dictionary's order, which hashing seeded per process changes from one build to the
    /// next (kept places must point at the same answers in the next build); and taken in one walk
    /// of the dictionary and a sort, not a look-up per question, which cost 0.1 s at 100,000.
    static func answerLists(of content: ArchiveContent) -> AnswerLists {
        var questions: [Int] = [], lists: [[Answer]] = []
        questions.reserveCapacity(content.answers.count)
        lists.reserveCapacity(content.answers.count)
        for (question, answers) in content.answers {
            questions.append(question.rawValue)
            lists.append(answers)
        }
        // The places sorted, not the lists: moving a list retains and releases it.
        let order = KeyOrder.sorted(Array(questions.indices)) { UInt64(bitPattern: Int64(questions[$0])) ^ (1 << 63) }
        return order.map { (QuestionID(questions[$0]), lists[$0]) }
    }

    /// The layout's digest: a walk of every question and answer, a few words each (the two
    /// side by side, beside the tables' IDs), against 0.3 s of CPU to make the lookups at 100,000 questions.
    static func digest(of content: ArchiveContent, answerLists: AnswerLists) -> UInt64 {
        let (questions, answers, ids) = SideBySide.run({ questionsDigest(content.questions) }, { answersDigest(answerLists) }, {
            var digest = Digest()
            for ids in [content.users.map(\.id.rawValue), content.topics.map(\.id.rawValue), content.articles.map(\.id.rawValue)] {
                digest.add(ids.count)
                for id in ids { digest.add(id) }
            }
            return digest.finish()
        })
        var digest = Digest()
        for part in [questions, answers, ids] { digest.add(Int(bitPattern: UInt(part))) }
        return digest.finish()
    }

    private static func questionsDigest(_ questions: [Question]) -> UInt64 {
        var digest = Digest()
        digest.add(questions.count)
        questions.withUnsafeBufferPointer { questions in
            // Read in place: a copy of each question retains its strings and topic list.
            for index in questions.indices {
                digest.add(questions[index].id.rawValue)
                digest.add(questions[index].askerID?.rawValue)
                digest.add(questions[index].isAnonymous ? 1 : 0)
                digest.add(questions[index].addTime.timeIntervalSinceReferenceDate)
                digest.add(questions[index].topicIDs.count)
                for topic in questions[index].topicIDs { digest.add(topic.rawValue) }
            }
        }
        return digest.finish()
    }

    private static func answersDigest(_ lists: AnswerLists) -> UInt64 {
        var digest = Digest()
        digest.add(lists.count)
        for list in lists.indices {
            digest.add(lists[list].question.rawValue)
            digest.add(lists[list].answers.count)
            lists[list].answers.withUnsafeBufferPointer { answers in
                for index in answers.indices {
                    digest.add(answers[index].id.rawValue)
                    digest.add(answers[index].authorID?.rawValue)
                    digest.add(answers[index].isAnonymous ? 1 : 0)
                    digest.add(answers[index].addTime?.timeIntervalSinceReferenceDate)
                }
            }
        }
        return digest.finish()
    }

    /// `ContentDigest` over integers, absent ones and times.
    private struct Digest {
        var digest = ContentDigest(seed: 0x6C61_796F_7574)

        mutating func add(_ value: Int) { digest.add(word: UInt64(bitPattern: Int64(value))) }
        mutating func add(_ value: Int?) { add(value ?? Int.min) }
        mutating func add(_ time: Double?) { digest.add(word: time?.bitPattern ?? 0x7FF8_DEAD_0000_0001) }
        func finish() -> UInt64 { digest.finish() }
    }
}
