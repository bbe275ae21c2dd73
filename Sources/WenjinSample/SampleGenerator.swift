import Foundation

extension SampleCommunity {
    /// 2015-03-01 00:00 UTC: the community opens.
    static let openingTime = 1_425_168_000
    /// The first questions are each asked by a newcomer, then every third one: so every user has
    /// asked at least one question under their name and a crawler can find them all.
    static let foundingUsers = 12
    /// Question whose thread runs past one answer page (100), when the community is that large.
    static let longThreadQuestion = 120

    /// Builds the community for `options`; the same options always give the same community, and a
    /// larger `questions` keeps every smaller community's entities unchanged.
    package init(_ options: Options) {
        var builder = Builder(options: options)
        for _ in 0..<8 { builder.addTopic() }
        for number in 1...max(1, options.questions) where number <= options.questions {
            let newcomer = number <= Self.foundingUsers || number % 3 == 0
            if newcomer { builder.addUser() }
            if number % 50 == 0 { builder.addTopic() }
            builder.addQuestion(newcomerAsks: newcomer)
            if number % 25 == 0 { builder.addArticle() }
        }
        builder.editAnswers(options.editedAnswers)
        var community = builder.community
        community.applyLaterChanges()
        community.lookup = SampleLookup(community)
        self = community
    }
}

/// Grows the community one entity at a time, in the order a real site would have seen them.
private struct Builder {
    let seed: UInt64
    var community: SampleCommunity
    var clock = SampleCommunity.openingTime

    init(options: SampleCommunity.Options) {
        seed = options.seed
        community = SampleCommunity(emptyWith: options)
    }

    func stream(_ kind: StreamKind, _ id: Int) -> SeededRandom { SeededRandom(seed: seed, kind: kind, id: id) }

    mutating func addUser() {
        let id = community.users.count + 1
        var rng = stream(.user, id)
        let nick = rng.pick(SampleVocabulary.nickStems) + (id > SampleVocabulary.nickStems.count ? "\(id)" : "")
        let userName = rng.chance(0.5) ? "tju_\(3000 + id)" : rng.pick(SampleVocabulary.familyNames) + nick
        let signature: String? = switch rng.int(0...9) {
        case 0...6: "\(rng.pick(SampleVocabulary.majors)) \(rng.pick(SampleVocabulary.grades))"
        case 7: "\"\(nick)\" & 朋友们"
        case 8: ""
        default: nil
        }
        var user = SampleCommunity.User(
            id: id, userName: userName, nickName: nick, signature: signature, hasAvatar: rng.chance(0.7))
        let others = Array(1..<id)
        if !others.isEmpty {
            user.following = Set((0..<rng.int(0...4)).map { _ in rng.pick(others) }).sorted()
        }
        user.followedTopics = Set((0..<rng.int(0...3)).map { _ in rng.int(1...community.topics.count + 1) })
            .filter { $0 <= community.topics.count }.sorted()
        if !community.questions.isEmpty {
            user.followedQuestions = Set((0..<rng.int(0...3)).map { _ in rng.int(1...community.questions.count) }).sorted()
        }
        community.users.append(user)
    }

    mutating func addTopic() {
        let id = community.topics.count + 1
        var rng = stream(.topic, id)
        let base = SampleVocabulary.topicTitles
        let title: String
        if id <= base.count {
            title = base[id - 1]
        } else {
            let prefixes = SampleVocabulary.topicPrefixes
            let combination = id - base.count - 1
            title = prefixes[combination % prefixes.count] + base[(combination / prefixes.count + 1) % base.count]
                + (combination >= prefixes.count * (base.count - 1) ? "\(id)" : "")
        }
        let description = id == 1 ? "默认话题" : rng.pick(SampleVocabulary.topicDescriptions)
            .replacingOccurrences(of: "%@", with: title)
        let picture = id > 1 && rng.chance(0.6) ? "\(day(clock))/\(hex32(&rng))" : nil
        community.topics.append(.init(id: id, title: title, description: description, picture: picture, addTime: clock))
    }

    var world: SampleCommunity.World {
        .init(questions: community.questions.count, users: community.users.count, topics: community.topics.count,
              articles: community.articles.count)
    }

    mutating func addQuestion(newcomerAsks: Bool) {
        let id = community.questions.count + 1
        var rng = stream(.question, id)
        clock += rng.int(1_800...14_400)
        let userCount = community.users.count
        let asker = newcomerAsks ? userCount : rng.int(1...userCount)
        let topicCount = community.topics.count
        var topics = Set((0..<rng.int(1...3)).map { _ in rng.int(2...topicCount) })
        if rng.chance(0.02) { topics = [1] }
        var question = SampleCommunity.Question(
            id: id, askerID: asker, isAnonymous: !newcomerAsks && rng.chance(0.06), addTime: clock, updateTime: clock,
            topicIDs: topics.sorted(), viewCount: rng.int(5...900), focusCount: rng.int(0...30),
            lineEnding: rng.chance(0.6) ? "\r\n" : "\n", world: world)
        if rng.chance(0.12) { attach(to: .question(id), folder: "questions", ext: "jpg", rng: &rng) }

        let answerCount = id == SampleCommunity.longThreadQuestion ? 103 : Self.answerCount(&rng)
        var answerTime = clock
        for _ in 0..<answerCount {
            answerTime += rng.int(60...40_000)
            question.answerIDs.append(addAnswer(question: question, time: answerTime))
        }
        question.updateTime = answerTime
        if question.answerIDs.count >= 2, rng.chance(0.35) {
            question.bestAnswerID = question.answerIDs.max { community.answer($0)!.agreeCount < community.answer($1)!.agreeCount }
        }
        community.questions.append(question)
    }

    static func answerCount(_ rng: inout SeededRandom) -> Int {
        switch rng.int(0...99) {
        case 0..<15: 0
        case 15..<75: rng.int(1...3)
        case 75..<97: rng.int(4...8)
        default: rng.int(9...15)
        }
    }

    mutating func addAnswer(question: SampleCommunity.Question, time: Int) -> Int {
        let id = community.answers.count + 1
        var rng = stream(.answer, id)
        var author = rng.int(1...community.users.count)
        if author == question.askerID, community.users.count > 1 { author = author % community.users.count + 1 }
        var answer = SampleCommunity.Answer(
            id: id, questionID: question.id, authorID: author, isAnonymous: rng.chance(0.05), addTime: time,
            agreeCount: rng.chance(0.5) ? 0 : rng.int(1...60))
        if rng.chance(0.12) { attach(to: .answer(id), folder: "answer", ext: "jpg", rng: &rng) }
        let commentCount = switch rng.int(0...99) {
        case 0..<55: 0
        case 55..<95: rng.int(1...3)
        default: rng.int(4...8)
        }
        var commentTime = time
        var participants = [author]
        for _ in 0..<commentCount {
            commentTime += rng.int(30...7_200)
            let commentID = community.comments.count + 1
            let commenter = rng.int(1...community.users.count)
            let replyTo = rng.chance(0.3) ? participants.last(where: { $0 != commenter }) : nil
            community.comments.append(.init(
                id: commentID, answerID: id, authorID: commenter, addTime: commentTime, replyToUserID: replyTo))
            answer.commentIDs.append(commentID)
            participants.append(commenter)
        }
        community.answers.append(answer)
        return id
    }

    mutating func addArticle() {
        let id = community.articles.count + 1
        var rng = stream(.article, id)
        let topicCount = community.topics.count
        var article = SampleCommunity.Article(
            id: id, authorID: rng.int(1...community.users.count), addTime: clock + rng.int(10...600),
            topicIDs: Set((0..<rng.int(1...2)).map { _ in rng.int(2...topicCount) }).sorted(),
            views: rng.int(20...2_000), votes: rng.int(0...40), world: world)
        let attachments = rng.chance(0.6) ? rng.int(1...2) : 0
        for _ in 0..<attachments { attach(to: .article(id), folder: "article", ext: rng.chance(0.5) ? "png" : "jpg", rng: &rng) }
        var time = article.addTime
        for _ in 0..<rng.int(0...6) {
            time += rng.int(60...20_000)
            let commentID = community.articleComments.count + 1
            let author = rng.int(1...community.users.count)
            let replyTo = rng.chance(0.25) ? rng.int(1...community.users.count) : nil
            community.articleComments.append(.init(
                id: commentID, articleID: id, authorID: author, addTime: time,
                replyToUserID: replyTo == author ? nil : replyTo, votes: rng.chance(0.7) ? 0 : rng.int(1...9)))
            article.commentIDs.append(commentID)
        }
        community.articles.append(article)
    }

    mutating func attach(to owner: SampleCommunity.AttachmentOwner, folder: String, ext: String, rng: inout SeededRandom) {
        let id = community.attachments.count + 1
        community.attachments.append(.init(id: id, folder: folder, day: day(clock), name: hex32(&rng), ext: ext))
        community.attachmentsByOwner[owner, default: []].append(id)
    }

    /// Marks `count` answers as edited a day after the last activity, each bumping its question.
    mutating func editAnswers(_ count: Int) {
        guard !community.answers.isEmpty else { return }
        var rng = stream(.edit, 0)
        var chosen = Set<Int>()
        while chosen.count < min(count, community.answers.count) { chosen.insert(rng.int(1...community.answers.count)) }
        let editTime = (community.questions.map(\.updateTime).max() ?? clock) + 86_400
        for (offset, answerID) in chosen.sorted().enumerated() {
            community.answers[answerID - 1].isEdited = true
            let questionID = community.answers[answerID - 1].questionID
            community.questions[questionID - 1].updateTime = max(community.questions[questionID - 1].updateTime, editTime + offset * 60)
        }
    }

    func day(_ time: Int) -> String {
        let days = time / 86_400
        let date = Date(timeIntervalSince1970: TimeInterval(days * 86_400))
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
    }

    func hex32(_ rng: inout SeededRandom) -> String {
        String(format: "%016llx%016llx", rng.next(), rng.next())
    }
}

extension SampleCommunity {
    fileprivate init(emptyWith options: Options) { self.options = options }
}
