import Foundation

/// Articles, their comments and search (docs/api.md §2.15–2.17).
extension SampleAPI {
    func articleDetail(_ context: Context) -> Outcome {
        guard let id = context.int("id") else { return .failure("错误请求,缺少文章id") }
        guard let article = community.article(id) else { return .failure("文章不存在或已被删除") }
        let body = community.articleBody(id, base: context.base)
        let urls = attachmentURL(base: context.base)
        // Attachments the text does not place inline are appended (docs/api.md §3.2).
        let appended = (community.attachmentsByOwner[.article(id)] ?? []).filter { !body.attachmentIDs.contains($0) }
            .map { "<br><img src='\(urls($0) ?? "")'/>" }.joined()
        let author = community.user(article.authorID)
        var info: [(String, PHPValue)] = [
            ("id", .column(id)), ("uid", .column(article.authorID)), ("title", .string(escapeHTML(community.articleTitle(id)))),
            ("message", .string(body.html(attachmentURL: urls) + appended)), ("votes", .column(article.votes)),
            ("user_name", .string(escapeHTML(author?.userName ?? ""))),
        ]
        if flavor == .wenjin { info.append(("nick_name", .string(escapeHTML(author?.nickName ?? "")))) }
        info += [("avatar_file", author.flatMap(avatarFile).map { .string($0) } ?? .null), ("signature", signature(author)), ("vote_value", 0)]
        return .success(.object([("article_info", .object(info)), ("article_topics", topicList(article.topicIDs))]))
    }

    /// 100 a page, oldest first; `rows: []` past the end with `total_rows` unchanged.
    func articleComments(_ context: Context) -> Outcome {
        guard let id = context.int("id"), let article = community.article(id) else {
            return .success(.object([("total_rows", "0"), ("rows", .array([]))]))
        }
        let start = (max(1, context.int("page") ?? 1) - 1) * 100
        let ids = start < article.commentIDs.count ? Array(article.commentIDs[start..<min(article.commentIDs.count, start + 100)]) : []
        let rows = ids.compactMap { community.articleComment($0) }.map { comment -> PHPValue in
            let liked = vote(viewer: context.viewer, answer: -comment.id, likesOnly: true)
            let message = PHPValue.string(escapeHTML(community.articleCommentText(comment.id)))
            let atUID = PHPValue.column(comment.replyToUserID ?? 0)
            let atUser = comment.replyToUserID.map { userObject($0) } ?? .null
            switch flavor {
            case .wenjin:
                return .object([
                    ("id", .column(comment.id)), ("uid", .column(comment.authorID)), ("message", message), ("votes", .column(comment.votes)),
                    ("at_uid", atUID), ("add_time", .column(comment.addTime)), ("user_info", userObject(comment.authorID)),
                    ("at_user_info", atUser), ("vote_value", liked),
                ])
            case .wecenter:
                return .object([
                    ("id", .column(comment.id)), ("uid", .column(comment.authorID)), ("message", message), ("add_time", .column(comment.addTime)),
                    ("at_uid", atUID), ("votes", .column(comment.votes)), ("user_info", userObject(comment.authorID)),
                    ("at_user_info", atUser), ("vote_value", liked),
                ])
            }
        }
        return .success(.object([("total_rows", .column(article.commentIDs.count)), ("rows", .array(rows))]))
    }

    /// WENJIN's search wrapper: `rsm.info`, empty at the end. Words are cut from `q` (64 characters
    /// at most, split on spaces, one-byte words dropped); users and topics match by prefix.
    func search(_ context: Context) -> Outcome {
        let words = String((context.string("q") ?? "").prefix(64)).split(separator: " ").map(String.init)
            .filter { $0.utf8.count > 1 }
        let limit = max(1, context.int("limit") ?? 10)
        let page = max(1, context.int("page") ?? 1)
        guard !words.isEmpty else { return .success(.object([("info", .array([]))])) }
        let type = context.string("type") ?? "questions"
        var items: [PHPValue] = []
        let wanted = page * limit
        func matches(_ text: String) -> Bool { words.allSatisfy { text.contains($0) } }
        switch type {
        case "users":
            let name = words.joined(separator: " ")
            for user in community.users where !user.isDeleted && user.userName.hasPrefix(name) && items.count < wanted {
                items.append(searchItem(uid: user.id, type: type, url: "\(context.base)?/people/\(urlToken(user.userName))", id: user.id,
                                        name: user.userName, detail: [
                                            ("avatar_file", .string(user.hasAvatar ? "\(context.base)uploads/avatar/\(avatarFile(user)!.replacingOccurrences(of: "_max", with: "_mid"))" : "\(context.base)static/common/avatar-mid-img.png")),
                                            ("signature", signature(user)), ("reputation", "0"), ("agree_count", "0"), ("thanks_count", "0"),
                                            ("fans_count", .column(community.lookup.followers[user.id]?.count ?? 0)),
                                        ]))
            }
        case "topics":
            for topic in community.topics where topic.title.hasPrefix(words[0]) && items.count < wanted {
                items.append(searchItem(uid: 0, type: type, url: "\(context.base)?/topic/\(urlToken(topic.title))", id: topic.id, name: topic.title, detail: [
                    ("topic_pic", .string(topic.picture.map { "\(context.base)uploads/topic/\($0)_50_50.jpg" } ?? "\(context.base)static/common/topic-mid-img.png")),
                    ("topic_id", .column(topic.id)), ("focus_count", .column(community.lookup.topicFollowers[topic.id]?.count ?? 0)),
                    ("discuss_count", .column(community.lookup.questionsByTopic[topic.id]?.count ?? 0)),
                    ("topic_description", .string(escapeHTML(topic.description))),
                ]))
            }
        case "articles":
            for article in community.articles.reversed() where matches(community.articleTitle(article.id)) && items.count < wanted {
                items.append(searchItem(uid: article.authorID, type: type, url: "\(context.base)?/article/\(article.id)", id: article.id,
                                        name: community.articleTitle(article.id),
                                        detail: [("comments", .column(article.commentIDs.count)), ("views", .column(article.views))]))
            }
        default:
            for question in community.questions.reversed() where !question.isDeleted && matches(community.questionTitle(question.id)) && items.count < wanted {
                items.append(searchItem(uid: hides(anonymous: question.isAnonymous) ? -1 : question.askerID, type: "questions",
                                        url: "\(context.base)?/question/\(question.id)", id: question.id,
                                        name: community.questionTitle(question.id), detail: [
                                            ("best_answer", .column(question.bestAnswerID ?? 0)), ("answer_count", .column(question.answerIDs.count)),
                                            ("comment_count", "0"), ("focus_count", .column(question.focusCount)), ("agree_count", "0"),
                                        ]))
            }
        }
        return .success(.object([("info", .array(Array(items.dropFirst((page - 1) * limit))))]))
    }

    private func searchItem(uid: Int, type: String, url: String, id: Int, name: String, detail: [(String, PHPValue)]) -> PHPValue {
        .object([
            ("uid", .column(uid)), ("score", type == "questions" || type == "articles" ? "1.00" : .null), ("type", .string(type)),
            ("url", .string(url)), ("search_id", .column(id)), ("name", .string(escapeHTML(name))), ("detail", .object(detail)),
        ])
    }
}
