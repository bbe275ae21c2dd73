import Foundation

/// Topic square, topic info and topic best answers (docs/api.md §2.12–2.14, §8.3).
extension SampleAPI {
    func topicSquare(_ context: Context) -> Outcome {
        let kind = context.string("id") ?? (context.viewer == nil ? "hot" : "focus")
        let ids: [Int]
        switch kind {
        case "today": return .success(.object([("total_rows", "0"), ("rows", .null)]))
        case "focus": ids = context.viewer.flatMap { community.user($0)?.followedTopics } ?? []
        default: ids = community.lookup.hotTopics
        }
        let perPage = max(1, context.int("per_page") ?? 10)
        let start = (max(1, context.int("page") ?? 1) - 1) * perPage
        let page = start < ids.count ? ids[start..<min(ids.count, start + perPage)] : []
        return .success(.object([
            ("total_rows", .column(ids.count)),
            ("rows", .array(page.compactMap { community.topic($0) }.map(topicRow))),
        ]))
    }

    /// `api/topic.php`: both parameters required; an unknown topic is a success with a string `rsm`.
    func topicInfo(_ context: Context) -> Outcome {
        guard let uid = requiredUID(context), let id = context.int("topic_id"), id != 0 else { return .failure("参数不完整") }
        guard let topic = community.topic(id) else { return .success("话题不存在") }
        let follows = community.lookup.topicFollowers[id]?.contains(uid) ?? false
        return .success(.object([
            ("topic_title", .string(escapeHTML(topic.title))), ("topic_description", .string(escapeHTML(topic.description))),
            ("topic_pic", .string(topicPicture(topic))), ("focus_count", .column(community.lookup.topicFollowers[id]?.count ?? 0)),
            ("has_focus", .int(follows ? 1 : 0)),
        ]))
    }

    /// The upstream routed alternative, `?/api/topic/topic/&id=`, with every column of the topic row.
    func topicInfoRouted(_ context: Context) -> Outcome {
        guard let id = context.int("id"), let topic = community.topic(id) else { return .failure("话题不存在") }
        let discussion = (community.lookup.questionsByTopic[id]?.count ?? 0) + (community.lookup.articlesByTopic[id]?.count ?? 0)
        let follows = context.viewer.map { community.lookup.topicFollowers[id]?.contains($0) ?? false } ?? false
        return .success(.object([("topic_info", .object([
            ("topic_id", .column(id)), ("topic_title", .string(escapeHTML(topic.title))), ("add_time", .column(topic.addTime)),
            ("discuss_count", .column(discussion)), ("topic_description", .string(escapeHTML(topic.description))),
            ("topic_pic", .string(topicPicture(topic, size: 32))), ("topic_lock", "0"),
            ("focus_count", .column(community.lookup.topicFollowers[id]?.count ?? 0)), ("user_related", "0"),
            ("url_token", .string(urlToken(topic.title))), ("merged_id", "0"), ("seo_title", .null), ("parent_id", "0"),
            ("is_parent", "0"), ("discuss_count_last_week", .column(discussion)), ("discuss_count_last_month", .column(discussion)),
            ("discuss_count_update", .column(topic.addTime)), ("has_focus", .bool(follows)),
        ]))]))
    }

    /// Questions of the topic with a best answer, by update time; WENJIN pages them (10 a page),
    /// upstream ignores `page` and always sends the first 10.
    func topicBestAnswers(_ context: Context) -> Outcome {
        guard let id = context.int("id"), community.topic(id) != nil else { return .success(.object([("total_rows", 0)])) }
        let questions = (community.lookup.questionsByTopic[id] ?? []).compactMap { community.question($0) }
            .filter { $0.bestAnswerID != nil }.sorted { ($0.updateTime, $0.id) > ($1.updateTime, $1.id) }
        let page = flavor == .wenjin ? max(1, context.int("page") ?? 1) : 1
        let start = (page - 1) * 10
        guard start < questions.count else { return .success(.object([("total_rows", 0)])) }
        let rows = questions[start..<min(questions.count, start + 10)].map { question -> PHPValue in
            let answer = community.answer(question.bestAnswerID!)!
            let hidden = hides(anonymous: answer.isAnonymous)
            let author = community.user(answer.authorID)
            var info: [(String, PHPValue)] = [
                ("answer_id", .column(answer.id)),
                ("answer_content", .string(community.answerBody(answer.id, base: context.base).feed(attachmentURL: attachmentURL(base: context.base)))),
                ("agree_count", .column(answer.agreeCount)), ("uid", hidden ? "-1" : .column(answer.authorID)),
            ]
            if flavor == .wenjin { info.append(("nick_name", .string(hidden ? Self.anonymousName : escapeHTML(author?.nickName ?? "")))) }
            info.append(("avatar_file", .string(hidden ? "" : author.flatMap(avatarFile) ?? "")))
            return .object([
                ("question_info", .object([("question_id", .column(question.id)),
                                           ("question_content", .string(escapeHTML(community.questionTitle(question.id))))])),
                ("answer_info", .object(info)),
            ])
        }
        return .success(.object([("total_rows", .int(rows.count)), ("rows", .array(rows))]))
    }
}
