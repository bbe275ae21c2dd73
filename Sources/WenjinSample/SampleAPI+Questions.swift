import Foundation

/// Explore, question detail, answer detail and answer comments (docs/api.md §2.2–2.5, §8.3).
extension SampleAPI {
    /// The time the sample community is looked at: its last activity.
    var now: Int { community.questions.last.map { max($0.updateTime, $0.addTime) } ?? SampleCommunity.openingTime }

    func explore(_ context: Context) -> Outcome {
        let perPage = max(1, context.int("per_page") ?? 10)
        let page = max(1, context.int("page") ?? 1)
        let posts = explorePosts(sort: context.string("sort_type") ?? "", recommended: context.string("is_recommend") == "1",
                                 days: context.int("day") ?? 30)
        let start = (page - 1) * perPage
        guard start < posts.count else { return .success(.object([("total_rows", 0)])) }
        let rows = posts[start..<min(posts.count, start + perPage)].map { post -> PHPValue in
            switch post {
            case .question(let id): exploreRow(question: community.question(id)!, base: context.base)
            case .article(let id): exploreRow(article: community.article(id)!)
            }
        }
        return .success(.object([("total_rows", .int(rows.count)), ("rows", .array(rows))]))
    }

    private func explorePosts(sort: String, recommended: Bool, days: Int) -> [SampleLookup.Post] {
        let all = community.lookup.posts
        if recommended { return all.filter { if case .question(let id) = $0 { community.question(id)?.bestAnswerID != nil } else { false } } }
        switch sort {
        case "hot":
            // Posts of the last `day` days by popularity; views stand in for WeCenter's popular_value.
            let since = now - days * 86_400
            let questions = community.questions.filter { $0.addTime >= since && !$0.isDeleted }.map { (SampleLookup.Post.question($0.id), $0.viewCount) }
            let articles = community.articles.filter { $0.addTime >= since }.map { (SampleLookup.Post.article($0.id), $0.views) }
            return (questions + articles).sorted { $0.1 > $1.1 }.map(\.0)
        case "unresponsive":
            return community.questions.filter { $0.answerIDs.isEmpty && !$0.isDeleted }.sorted { $0.addTime > $1.addTime }.map { .question($0.id) }
        default:
            return all
        }
    }

    private func exploreRow(question: SampleCommunity.Question, base: String) -> PHPValue {
        let hidden = hides(anonymous: question.isAnonymous)
        let title = PHPValue.string(escapeHTML(community.questionTitle(question.id)))
        let answerers = question.answerIDs.compactMap { community.answer($0) }
            .filter { !$0.isAnonymous && $0.authorID != question.askerID }
            .sorted { ($0.agreeCount, -$0.id) > ($1.agreeCount, -$1.id) }
        var seen = Set<Int>()
        let top = answerers.filter { seen.insert($0.authorID).inserted }.prefix(2)
        switch flavor {
        case .wenjin:
            var members: [(String, PHPValue)] = [
                ("post_type", "question"), ("question_id", .column(question.id)), ("question_content", title),
                ("add_time", .column(question.addTime)), ("update_time", .column(question.updateTime)),
                ("published_uid", hidden ? "-1" : .column(question.askerID)), ("answer_count", .column(question.answerIDs.count)),
                ("view_count", .column(question.viewCount)), ("focus_count", .column(question.focusCount)),
                ("anonymous", question.isAnonymous ? "1" : "0"), ("topics", topicList(question.topicIDs)),
                ("user_info", userObject(question.askerID, anonymous: question.isAnonymous)),
            ]
            if !question.answerIDs.isEmpty {
                members.append(("answer_users", .array(top.map { answer in
                    guard case .object(var user) = userObject(answer.authorID) else { return .null }
                    user.append(("answer_content", .string(community.answerBody(answer.id, base: base).stored())))
                    return .object(user)
                })))
            }
            return .object(members)
        case .wecenter:
            let answerUsers: PHPValue = question.answerIDs.isEmpty ? "0"
                : .object(top.map { (String($0.authorID), userObject($0.authorID)) })
            return .object([
                ("question_id", .column(question.id)), ("question_content", title), ("add_time", .column(question.addTime)),
                ("update_time", .column(question.updateTime)), ("published_uid", .column(question.askerID)),
                ("answer_count", .column(question.answerIDs.count)), ("answer_users", answerUsers),
                ("view_count", .column(question.viewCount)), ("focus_count", .column(question.focusCount)),
                ("post_type", "question"), ("topics", topicList(question.topicIDs)), ("user_info", userObject(question.askerID)),
            ])
        }
    }

    private func exploreRow(article: SampleCommunity.Article) -> PHPValue {
        let title = PHPValue.string(escapeHTML(community.articleTitle(article.id)))
        switch flavor {
        case .wenjin:
            return .object([
                ("post_type", "article"), ("id", .column(article.id)), ("title", title), ("views", .column(article.views)),
                ("comments", .column(article.commentIDs.count)), ("add_time", .column(article.addTime)),
                ("topics", topicList(article.topicIDs)), ("user_info", userObject(article.authorID)),
            ])
        case .wecenter:
            return .object([
                ("id", .column(article.id)), ("title", title), ("comments", .column(article.commentIDs.count)),
                ("views", .column(article.views)), ("add_time", .column(article.addTime)), ("post_type", "article"),
                ("topics", topicList(article.topicIDs)), ("user_info", userObject(article.authorID)),
            ])
        }
    }

    func questionDetail(_ context: Context) -> Outcome {
        guard let id = context.int("id") else { return .failure("错误请求,缺少问题id") }
        guard let question = community.question(id), !question.isDeleted else { return .failure("问题不存在或已被删除") }
        let hidden = hides(anonymous: question.isAnonymous)
        let follows = context.viewer.map { community.lookup.questionFollowers[id]?.contains($0) ?? false } ?? false
        var info: [(String, PHPValue)] = [
            ("question_id", .column(id)), ("question_content", .string(escapeHTML(community.questionTitle(id)))),
            ("question_detail", .string(community.questionDetail(id, base: context.base).html(attachmentURL: attachmentURL(base: context.base)))),
            ("focus_count", .column(question.focusCount)),
        ]
        if flavor == .wenjin {
            info += [("published_uid", hidden ? "-1" : .column(question.askerID)), ("anonymous", question.isAnonymous ? "1" : "0")]
        }
        info.append(("has_focus", .int(follows ? 1 : 0)))

        var answers = orderedAnswers(question, context)
        if flavor == .wenjin, context.viewer == nil { answers = Array(answers.prefix(1)) }
        let rows = answers.map { answerInQuestion($0, context: context) }
        let answersValue: PHPValue = if flavor == .wecenter, question.bestAnswerID == nil, !rows.isEmpty {
            .object(rows.enumerated().map { (String($0.offset + 1), $0.element) })
        } else {
            .array(rows)
        }
        return .success(.object([
            ("question_info", .object(info)),
            ("answer_count", flavor == .wenjin ? .int(question.answerIDs.count) : .column(question.answerIDs.count)),
            ("answers", answersValue), ("question_topics", topicList(question.topicIDs)),
        ]))
    }

    /// Best answer first on page 1, then by votes (or `sort_key=add_time`), 100 a page (docs/api.md §2.3).
    func orderedAnswers(_ question: SampleCommunity.Question, _ context: Context) -> [SampleCommunity.Answer] {
        var answers = question.answerIDs.compactMap { community.answer($0) }
        if let uid = context.int("uid") { answers = answers.filter { $0.authorID == uid } }
        if let single = context.int("answer_id"), context.string("single") == "TRUE" { answers = answers.filter { $0.id == single } }
        if context.string("sort_key") == "add_time" {
            answers.sort { context.string("sort")?.uppercased() == "DESC" ? $0.addTime > $1.addTime : $0.addTime < $1.addTime }
        } else {
            answers.sort { ($1.agreeCount, $0.addTime, $0.id) < ($0.agreeCount, $1.addTime, $1.id) }
        }
        let page = max(1, context.int("page") ?? 1)
        if page == 1, let best = question.bestAnswerID, let position = answers.firstIndex(where: { $0.id == best }) {
            answers.insert(answers.remove(at: position), at: 0)
        }
        let start = (page - 1) * 100
        return start < answers.count ? Array(answers[start..<min(answers.count, start + 100)]) : []
    }

    private func answerInQuestion(_ answer: SampleCommunity.Answer, context: Context) -> PHPValue {
        let base = context.base
        let vote = vote(viewer: context.viewer, answer: answer.id)
        let content = PHPValue.string(community.answerBody(answer.id, base: base).html(attachmentURL: attachmentURL(base: base)))
        let author = community.user(answer.authorID)
        switch flavor {
        case .wenjin:
            let hidden = hides(anonymous: answer.isAnonymous)
            return .object([
                ("answer_id", .column(answer.id)), ("answer_content", content), ("uid", hidden ? "-1" : .column(answer.authorID)),
                ("user_name", .string(hidden ? Self.anonymousName : escapeHTML(author?.userName ?? ""))),
                ("nick_name", .string(hidden ? Self.anonymousName : escapeHTML(author?.nickName ?? ""))),
                ("agree_count", .column(answer.agreeCount)), ("add_time", .column(answer.addTime)),
                ("comment_count", .column(answer.commentIDs.count)), ("anonymous", answer.isAnonymous ? "1" : "0"),
                ("avatar_file", .string(hidden ? "" : author.flatMap(avatarFile) ?? "")),
                ("signature", hidden ? .null : signature(author)), ("vote_value", vote),
            ])
        case .wecenter:
            return .object([
                ("answer_id", .column(answer.id)), ("answer_content", content), ("agree_count", .column(answer.agreeCount)),
                ("uid", .column(answer.authorID)), ("avatar_file", author.flatMap(avatarFile).map { .string($0) } ?? .null),
                ("signature", signature(author)), ("vote_value", vote),
            ])
        }
    }

    func answerDetail(_ context: Context) -> Outcome {
        guard let id = context.int("id") else { return .failure("错误请求,缺少回答id") }
        guard let answer = community.answer(id), !answer.isDeleted else { return .failure("回答不存在") }
        let content = PHPValue.string(community.answerBody(id, base: context.base).html(attachmentURL: attachmentURL(base: context.base)))
        let author = community.user(answer.authorID)
        let vote = vote(viewer: context.viewer, answer: id)
        switch flavor {
        case .wenjin:
            let hidden = hides(anonymous: answer.isAnonymous)
            return .success(.object([
                ("answer_id", .column(id)), ("question_id", .column(answer.questionID)), ("answer_content", content),
                ("add_time", .column(answer.addTime)), ("agree_count", .column(answer.agreeCount)),
                ("uid", hidden ? "-1" : .column(answer.authorID)), ("comment_count", .column(answer.commentIDs.count)),
                ("user_name", .string(hidden ? Self.anonymousName : escapeHTML(author?.userName ?? ""))),
                ("nick_name", .string(hidden ? Self.anonymousName : escapeHTML(author?.nickName ?? ""))),
                ("avatar_file", .string(hidden ? "" : author.flatMap(avatarFile) ?? "")),
                ("signature", hidden ? .null : signature(author)), ("vote_value", vote), ("thank_value", 0), ("uninterested", 0),
                ("anonymous", answer.isAnonymous ? "1" : "0"),
            ]))
        case .wecenter:
            return .success(.object([
                ("answer_id", .column(id)), ("question_id", .column(answer.questionID)), ("answer_content", content),
                ("add_time", .column(answer.addTime)), ("agree_count", .column(answer.agreeCount)), ("uid", .column(answer.authorID)),
                ("comment_count", .column(answer.commentIDs.count)), ("vote_value", vote),
                ("user_name", .string(escapeHTML(author?.userName ?? ""))),
                ("avatar_file", author.flatMap(avatarFile).map { .string($0) } ?? .null), ("signature", signature(author)),
            ]))
        }
    }

    /// All comments at once; `{"total_rows":"0"}` instead of `[]` when there are none (docs/api.md §2.5).
    func answerComments(_ context: Context) -> Outcome {
        guard let id = context.int("id") else { return .failure("参数不完整") }
        guard let answer = community.answer(id), !answer.isDeleted, !answer.commentIDs.isEmpty else { return .success(.object([("total_rows", "0")])) }
        return .success(.array(answer.commentIDs.compactMap { community.comment($0) }.map { comment in
            let author = community.user(comment.authorID)
            var members: [(String, PHPValue)] = [("id", .column(comment.id)), ("uid", .column(comment.authorID)),
                                                  ("user_name", .string(escapeHTML(author?.userName ?? "")))]
            if flavor == .wenjin {
                let authorMark = comment.authorID == answer.authorID && !answer.isAnonymous ? "(作者)" : ""
                members.append(("nick_name", .string(escapeHTML(author?.nickName ?? "") + authorMark)))
            }
            members += [("content", .string(escapeHTML(community.commentText(comment.id)))), ("add_time", .column(comment.addTime))]
            if let target = comment.replyToUserID, let user = community.user(target) {
                var atUser: [(String, PHPValue)] = [("uid", .column(target)), ("user_name", .string(escapeHTML(user.userName)))]
                if flavor == .wenjin { atUser.append(("nick_name", .string(escapeHTML(user.nickName)))) }
                members.append(("at_user", .object(atUser)))
            }
            return .object(members)
        }))
    }
}
