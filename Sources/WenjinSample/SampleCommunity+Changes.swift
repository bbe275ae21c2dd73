/// What happens to the community after its last post, for tests and demos of re-crawls: the
/// changes upstream makes without moving any question's update time, so an incremental crawl
/// that follows explore alone cannot see them. Each is chosen from its own stream of the seed.
extension SampleCommunity {
    mutating func applyLaterChanges() {
        deleteQuestions(options.deletedQuestions)
        deleteAnswers(options.deletedAnswers)
        deleteUsers(options.deletedUsers)
        deleteComments(options.deletedComments)
        addLateComments(options.newComments)
        editProfiles(options.editedProfiles)
    }

    /// `count` distinct numbers of `range` (fewer when the range is smaller), from one stream.
    private func pick(_ count: Int, of range: ClosedRange<Int>, stream: Int, where eligible: (Int) -> Bool) -> [Int] {
        let candidates = range.filter(eligible)
        guard count > 0, !candidates.isEmpty else { return [] }
        var rng = SeededRandom(seed: options.seed, kind: .deletion, id: stream)
        var chosen = Set<Int>()
        while chosen.count < min(count, candidates.count) { chosen.insert(rng.pick(candidates)) }
        return chosen.sorted()
    }

    /// A deleted question takes its answers with it, as WeCenter's `remove_question` does.
    private mutating func deleteQuestions(_ count: Int) {
        guard !questions.isEmpty else { return }
        for id in pick(count, of: 1...questions.count, stream: 1, where: { _ in true }) {
            questions[id - 1].isDeleted = true
            for answer in questions[id - 1].answerIDs { answers[answer - 1].isDeleted = true }
        }
    }

    /// A deleted answer leaves its question's list and counts; a deleted best answer leaves none.
    private mutating func deleteAnswers(_ count: Int) {
        guard !answers.isEmpty else { return }
        for id in pick(count, of: 1...answers.count, stream: 2, where: { !answers[$0 - 1].isDeleted }) {
            answers[id - 1].isDeleted = true
            let question = answers[id - 1].questionID
            questions[question - 1].answerIDs.removeAll { $0 == id }
            if questions[question - 1].bestAnswerID == id { questions[question - 1].bestAnswerID = nil }
        }
    }

    /// A deleted user's profile is gone and they leave every follow list; their posts stay
    /// (WeCenter's admin can delete an account without its content). User 1 stays: the
    /// sample's logins use it.
    private mutating func deleteUsers(_ count: Int) {
        guard users.count > 1 else { return }
        let deleted = Set(pick(count, of: 2...users.count, stream: 3, where: { _ in true }))
        for id in deleted { users[id - 1].isDeleted = true }
        for index in users.indices { users[index].following.removeAll { deleted.contains($0) } }
    }

    private mutating func deleteComments(_ count: Int) {
        guard !comments.isEmpty else { return }
        for id in pick(count, of: 1...comments.count, stream: 5, where: { !answers[comments[$0 - 1].answerID - 1].isDeleted }) {
            answers[comments[id - 1].answerID - 1].commentIDs.removeAll { $0 == id }
        }
    }

    /// Comments on existing answers a day after the last activity.
    private mutating func addLateComments(_ count: Int) {
        guard count > 0, !answers.isEmpty, let last = questions.map(\.updateTime).max() else { return }
        var rng = SeededRandom(seed: options.seed, kind: .lateComment, id: 0)
        let open = answers.filter { !$0.isDeleted }.map(\.id)
        guard !open.isEmpty else { return }
        for offset in 0..<count {
            let answer = rng.pick(open)
            let id = comments.count + 1
            comments.append(Comment(id: id, answerID: answer, authorID: rng.int(1...users.count),
                                    addTime: last + 86_400 + offset * 60, replyToUserID: nil))
            answers[answer - 1].commentIDs.append(id)
        }
    }

    private mutating func editProfiles(_ count: Int) {
        guard !users.isEmpty else { return }
        var rng = SeededRandom(seed: options.seed, kind: .profileEdit, id: 0)
        for id in pick(count, of: 1...users.count, stream: 4, where: { !users[$0 - 1].isDeleted }) {
            users[id - 1].signature = "\(rng.pick(SampleVocabulary.majors)) \(rng.pick(SampleVocabulary.grades))（资料已更新）"
        }
    }
}
