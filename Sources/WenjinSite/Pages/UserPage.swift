import WenjinModel
import WenjinSanitizer
import WenjinTemplates

extension PageRenderer {
    /// A user's profile: avatar, names, signature, counts, and their questions, answers and
    /// articles, paginated together (page N shows the Nth slice of each list).
    func userPage(_ id: UserID, page number: Int) -> PageFrame {
        let path = SiteLayout.user(id, page: number)
        guard let user = archive.usersByID[id] else { return notFoundPage() }
        let perPage = Pagination.questionsPerPage
        let questions = archive.questionsByAsker[id]
        let answers = archive.answersByAuthor[id]
        let articles = archive.articlesByAuthor[id]
        let pagination = Pagination(page: number, itemCount: max(questions.count, answers.count, articles.count), perPage: perPage)
        let answerValues: [TemplateValue] = pagination.slice(answers, perPage: perPage).compactMap { answer in
            guard let question = archive.questionsByID[answer.questionID] else { return nil }
            return [
                "questionTitle": .string(Sanitizer.decodeEntities(question.title)),
                "href": .string(path.link(to: SiteLayout.question(question.id), fragment: SiteLayout.answerAnchor(answer.id))),
                "votes": .int(answer.agreeCount),
                "time": time(answer.addTime),
            ]
        }
        let name = Sanitizer.decodeEntities(user.displayName)
        let counts = user.counts
        let page: TemplateValue = [
            "name": .string(name),
            "deleted": deletedMark(content.withdrawals.marked.users.contains(id)),
            "userName": .string(Sanitizer.decodeEntities(user.userName)),
            "avatar": avatar(of: user, from: path),
            "initial": .string(name.first.map { String($0) } ?? "?"),
            "signature": user.signature.map { .string(Sanitizer.decodeEntities($0)) } ?? .null,
            "counts": [
                // The archive's own counts: the API's include the user's anonymous posts upstream.
                "questions": .int(questions.count), "answers": .int(answers.count),
                "articles": .int(articles.count), "agree": .int(counts.agree), "thanks": .int(counts.thanks),
                "fans": .int(counts.fans), "friends": .int(counts.friends),
            ],
            "questions": block(pagination.slice(questions, perPage: perPage).map { questionSummary($0, from: path) }),
            "answers": block(answerValues),
            "articles": block(pagination.slice(articles, perPage: perPage).map { articleSummary($0, from: path) }),
            "pagination": pagination.templateValue(from: path) { SiteLayout.user(id, page: $0) },
            "original": .string(original("people/\(id.rawValue)")),
        ]
        let title = number > 1 ? "\(name) (\(number))" : name
        return PageFrame(path: path, template: "user", title: title,
                         description: user.signature.map(Sanitizer.decodeEntities) ?? name, openGraphType: "profile",
                         original: original("people/\(id.rawValue)"), content: page)
    }
}
