import WenjinBuildSupport
import WenjinModel

/// What the lookups that walk the whole archive (`ArchiveLookup.Made`) are made from, and
/// nothing else: the tables' IDs in the content's order, and of each question and answer the
/// fields that place it in a list (topics, asker or author and whether shown, time, which
/// answers a question has). Two archives of one layout have the same lookups, whatever their
/// titles, bodies, counts or comments: so a rebuild after such edits takes the last build's
/// (`KeptLookups`) instead of making them again, a tenth of a rebuild at 100,000 questions.
enum LookupLayout {
    /// The layout's digest. A walk of every question and answer, a few words each: 10 ms at
    /// 100,000 questions, against 0.3 s of CPU to make the lookups.
    static func digest(of content: ArchiveContent) -> UInt64 {
        var digest = ContentDigest(seed: 0x6C61_796F_7574)
        func add(_ value: Int) { digest.add(word: UInt64(bitPattern: Int64(value))) }
        func add(_ value: Int?) { add(value ?? Int.min) }
        func add(_ time: Double?) { digest.add(word: time?.bitPattern ?? 0x7FF8_DEAD_0000_0001) }
        add(content.questions.count)
        for index in content.questions.indices {
            // Read in place: a copy of each question retains its strings and topic list.
            add(content.questions[index].id.rawValue)
            add(content.questions[index].askerID?.rawValue)
            digest.add(word: content.questions[index].isAnonymous ? 1 : 0)
            add(content.questions[index].addTime.timeIntervalSinceReferenceDate)
            add(content.questions[index].topicIDs.count)
            for topic in content.questions[index].topicIDs { add(topic.rawValue) }
        }
        add(content.answers.count)
        forEachAnswerList(of: content) { question, answers in
            add(question.rawValue)
            add(answers.count)
            for index in answers.indices {
                add(answers[index].id.rawValue)
                add(answers[index].authorID?.rawValue)
                digest.add(word: answers[index].isAnonymous ? 1 : 0)
                add(answers[index].addTime?.timeIntervalSinceReferenceDate)
            }
        }
        for ids in [content.users.map(\.id.rawValue), content.topics.map(\.id.rawValue), content.articles.map(\.id.rawValue)] {
            add(ids.count)
            for id in ids { add(id) }
        }
        return digest.finish()
    }

    /// The answer lists in the layout's order: the questions' order, then any list of a
    /// question not among them, by ascending ID. Not the dictionary's order, which hashing
    /// seeded per process changes from one build to the next: kept places must point at the
    /// same answers in the next build.
    static func forEachAnswerList(of content: ArchiveContent, _ body: (QuestionID, [Answer]) -> Void) {
        var visited = 0
        for index in content.questions.indices {
            let id = content.questions[index].id
            guard let answers = content.answers[id] else { continue }
            body(id, answers)
            visited += 1
        }
        guard visited < content.answers.count else { return }
        let questions = Set(content.questions.map(\.id))
        for id in content.answers.keys.filter({ !questions.contains($0) }).sorted() {
            body(id, content.answers[id] ?? [])
        }
    }
}
