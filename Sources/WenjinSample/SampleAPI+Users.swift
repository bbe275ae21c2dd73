import Foundation

/// User profile, a user's lists (stand-alone scripts) and the home feed (docs/api.md §2.1, §2.6–2.11).
extension SampleAPI {
    func userInfo(_ context: Context) -> Outcome {
        guard let uid = context.int("uid") else { return .failure("参数不完整") }
        guard let user = community.user(uid), !user.isDeleted else { return .failure("用户不存在") }
        let answers = community.lookup.answersByUser[uid] ?? []
        let agree = answers.reduce(0) { $0 + (community.answer($1)?.agreeCount ?? 0) }
        let follows = context.viewer.map { community.lookup.followers[uid]?.contains($0) ?? false } ?? false
        var members: [(String, PHPValue)] = [("user_name", .string(escapeHTML(user.userName)))]
        if flavor == .wenjin { members.append(("nick_name", .string(escapeHTML(user.nickName)))) }
        members += [
            ("avatar_file", .string(avatarFile(user) ?? "")), ("fans_count", .column(community.lookup.followers[uid]?.count ?? 0)),
            ("friend_count", .column(user.following.count)), ("question_count", .column(community.lookup.questionsByUser[uid]?.count ?? 0)),
            ("answer_count", .column(answers.count)), ("topic_focus_count", .column(user.followedTopics.count)),
            ("agree_count", .column(agree)), ("thanks_count", .column(agree / 7)), ("answer_favorite_count", .int(agree / 11)),
            ("has_focus", .int(follows ? 1 : 0)), ("signature", signature(user)),
        ]
        return .success(.object(members))
    }

    /// WENJIN hides a user's anonymous posts from their lists; upstream lists them (docs/api.md §8.3).
    private func visible(anonymous: Bool) -> Bool { flavor == .wecenter || !anonymous }

    func userQuestions(_ context: Context) -> Outcome {
        guard let uid = requiredUID(context) else { return .failure("参数不完整") }
        let questions = (community.lookup.questionsByUser[uid] ?? []).compactMap { community.question($0) }
            .filter { visible(anonymous: $0.isAnonymous) }.reversed()
        return scriptPage(Array(questions), context) { question in
            .object([
                ("id", .column(question.id)), ("title", .string(escapeHTML(community.questionTitle(question.id)))),
                ("detail", .string(community.questionDetail(question.id, base: context.base).stored())),
                ("add_time", .column(question.addTime)),
            ])
        }
    }

    func userAnswers(_ context: Context) -> Outcome {
        guard let uid = requiredUID(context) else { return .failure("参数不完整") }
        let avatar: PHPValue = community.user(uid).flatMap(avatarFile).map { .string($0) } ?? (flavor == .wecenter ? .null : "")
        let answers = (community.lookup.answersByUser[uid] ?? []).compactMap { community.answer($0) }
            .filter { visible(anonymous: $0.isAnonymous) }.reversed()
        return scriptPage(Array(answers), context) { answer in
            .object([
                ("answer_id", .column(answer.id)), ("question_id", .column(answer.questionID)),
                ("answer_content", .string(community.answerBody(answer.id, base: context.base).stored())),
                ("agree_count", .column(answer.agreeCount)), ("avatar_file", avatar),
                ("question_title", .string(escapeHTML(community.questionTitle(answer.questionID)))),
            ])
        }
    }

    func followedQuestions(_ context: Context) -> Outcome {
        guard let uid = requiredUID(context) else { return .failure("参数不完整") }
        let questions = (community.user(uid)?.followedQuestions ?? []).compactMap { community.question($0) }.filter { !$0.isDeleted }
        return scriptPage(questions, context) { question in
            .object([
                ("id", .column(question.id)), ("title", .string(escapeHTML(community.questionTitle(question.id)))),
                ("add_time", .column(question.addTime)), ("focus_count", .column(question.focusCount)),
                ("answer_count", .column(question.answerIDs.count)),
            ])
        }
    }

    func userList(_ context: Context, following: Bool) -> Outcome {
        guard let uid = requiredUID(context) else { return .failure("参数不完整") }
        let ids = following ? community.user(uid)?.following ?? [] : community.lookup.followers[uid] ?? []
        return scriptPage(ids.compactMap { community.user($0) }, context) { user in
            var members: [(String, PHPValue)] = [("uid", .column(user.id)), ("user_name", .string(escapeHTML(user.userName)))]
            if flavor == .wenjin { members.append(("nick_name", .string(escapeHTML(user.nickName)))) }
            members += [("avatar_file", .string(avatarFile(user) ?? "")), ("signature", signature(user))]
            return .object(members)
        }
    }

    func followedTopics(_ context: Context) -> Outcome {
        guard let uid = requiredUID(context) else { return .failure("参数不完整") }
        let topics = (community.user(uid)?.followedTopics ?? []).compactMap { community.topic($0) }
        return scriptPage(topics, context) { topicRow($0) }
    }

    func topicRow(_ topic: SampleCommunity.Topic) -> PHPValue {
        .object([
            ("topic_id", .column(topic.id)), ("topic_title", .string(escapeHTML(topic.title))),
            ("topic_description", .string(escapeHTML(topic.description))), ("topic_pic", .string(topicPicture(topic))),
        ])
    }

    /// The logged-in user's feed, newest first (`page` is 0-based): what the people they follow did,
    /// and the answers to the questions they follow.
    func home(_ context: Context) -> Outcome {
        guard let viewer = context.viewer, let user = community.user(viewer) else { return .failure("请先登录或注册") }
        var actions: [FeedAction] = []
        for followed in user.following {
            for id in community.lookup.questionsByUser[followed] ?? [] {
                if let question = community.question(id) { actions.append(.init(kind: .question(question), time: question.addTime)) }
            }
            for id in community.lookup.answersByUser[followed] ?? [] {
                if let answer = community.answer(id) { actions.append(.init(kind: .answer(answer), time: answer.addTime)) }
            }
            for article in community.articles where article.authorID == followed {
                actions.append(.init(kind: .article(article), time: article.addTime))
            }
        }
        let followed = Set(user.following)
        for id in user.followedQuestions where community.question(id)?.isDeleted == false {
            for answer in community.question(id)?.answerIDs.compactMap({ community.answer($0) }) ?? []
            where !followed.contains(answer.authorID) {
                actions.append(.init(kind: .answer(answer), time: answer.addTime))
            }
        }
        if flavor == .wecenter { actions.removeAll(where: \.isAnonymous) }
        actions.sort { ($0.time, $0.historyID) > ($1.time, $1.historyID) }
        let perPage = max(1, context.int("per_page") ?? 20)
        let start = max(0, context.int("page") ?? 0) * perPage
        let page = start < actions.count ? Array(actions[start..<min(actions.count, start + perPage)]) : []
        let rows = page.map { feedRow($0, viewer: user, base: context.base) }
        return .success(.object([("total_rows", .int(rows.count)), ("rows", .array(rows))]))
    }

    struct FeedAction {
        enum Kind {
            case question(SampleCommunity.Question), answer(SampleCommunity.Answer), article(SampleCommunity.Article)
        }

        let kind: Kind
        let time: Int

        var isAnonymous: Bool {
            switch kind {
            case .question(let question): question.isAnonymous
            case .answer(let answer): answer.isAnonymous
            case .article: false
            }
        }

        /// Stable and unique across kinds, as the action log's id would be.
        var historyID: Int {
            switch kind {
            case .question(let question): question.id * 10 + 1
            case .answer(let answer): answer.id * 10 + 2
            case .article(let article): article.id * 10 + 5
            }
        }
    }

    private func feedRow(_ action: FeedAction, viewer: SampleCommunity.User, base: String) -> PHPValue {
        let (code, actor, associate): (Int, Int, Int) = switch action.kind {
        case .question(let question): (101, question.askerID, question.id)
        case .answer(let answer): (201, answer.authorID, answer.questionID)
        case .article(let article): (501, article.authorID, article.id)
        }
        let hidden = hides(anonymous: action.isAnonymous)
        let actorValue: PHPValue = hidden ? "-1" : .column(actor)
        var tail: [(String, PHPValue)] = []
        switch action.kind {
        case .article(let article):
            tail.append(("article_info", .object([("id", .column(article.id)), ("title", .string(escapeHTML(community.articleTitle(article.id))))])))
        case .question, .answer:
            var question: [(String, PHPValue)] = [("question_id", .column(associate)),
                                                  ("question_content", .string(escapeHTML(community.questionTitle(associate))))]
            if viewer.followedQuestions.contains(associate) { question.append(("has_focus", .bool(true))) }
            if case .answer(let answer) = action.kind {
                let body = community.answerBody(answer.id, base: base).feed(attachmentURL: attachmentURL(base: base))
                tail.append(("answer_info", .object([
                    ("answer_id", .column(answer.id)), ("question_id", .column(answer.questionID)), ("answer_content", .string(body)),
                    ("agree_count", .column(answer.agreeCount)),
                    ("agree_status", { if case .string(let value) = vote(viewer: viewer.id, answer: answer.id) { .string(value) } else { "0" } }()),
                ])))
            }
            if flavor == .wenjin { tail.insert(("question_info", .object(question)), at: 0) } else { tail.append(("question_info", .object(question))) }
        }
        let user = userObject(actor, anonymous: action.isAnonymous)
        switch flavor {
        case .wenjin:
            return .object([("history_id", .column(action.historyID)), ("associate_action", .column(code)), ("add_time", .column(action.time)),
                            ("uid", actorValue), ("associate_id", .column(associate)), ("user_info", user)] + tail)
        case .wecenter:
            return .object([("history_id", .column(action.historyID)), ("uid", actorValue), ("associate_action", .column(code)),
                            ("associate_id", .column(associate)), ("add_time", .column(action.time)), ("user_info", user)] + tail)
        }
    }
}
