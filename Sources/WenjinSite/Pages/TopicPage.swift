import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinTemplates

extension PageRenderer {
    /// A topic: picture, description, its questions (paginated), and on the first page its
    /// best answers and articles.
    func topicPage(_ id: TopicID, page number: Int) -> PageFrame {
        let path = SiteLayout.topic(id, page: number)
        guard let topic = archive.topicsByID[id] else { return notFoundPage() }
        let perPage = Pagination.questionsPerPage
        let questions = archive.questionsByTopic[id]
        let pagination = Pagination(page: number, itemCount: questions.count, perPage: perPage)
        let title = Sanitizer.decodeEntities(topic.title)
        let picture = topic.pic.flatMap { pic in
            ArchiveLinks(archive: archive).imagePath(AssetURL(content.sourceBase + "/uploads/topic/" + pic))
        }
        let page: TemplateValue = [
            "title": .string(title),
            "description": .string(Sanitizer.decodeEntities(topic.description)),
            "picture": picture.map { .string(path.link(to: $0)) } ?? .null,
            "initial": .string(title.first.map { String($0) } ?? "#"),
            "focusCount": .int(topic.focusCount),
            "questionCount": .int(questions.count),
            "questions": block(pagination.slice(questions, perPage: perPage).map { questionSummary($0, from: path) }),
            "bestAnswers": pagination.page == 1 ? block(bestAnswers(in: questions, from: path)) : .null,
            "articles": pagination.page == 1
                ? block(archive.articlesByTopic[id].prefix(10).map { articleSummary($0, from: path) }) : .null,
            "pagination": pagination.templateValue(from: path) { SiteLayout.topic(id, page: $0) },
            "original": .string(original("topic/\(id.rawValue)")),
        ]
        let pageTitle = number > 1 ? "\(title) (\(number))" : title
        let description = Sanitizer.decodeEntities(topic.description)
        return PageFrame(path: path, template: "topic", title: pageTitle, description: description.isEmpty ? title : description,
                         original: original("topic/\(id.rawValue)"), content: page)
    }

    /// The most agreed answers of the topic's questions, best answers first among equals.
    private func bestAnswers(in questions: PlacedList<Question>, from path: SitePath, limit: Int = 5) -> [TemplateValue] {
        var candidates: [(answer: Answer, question: Question)] = []
        for question in questions {
            for answer in content.answers[question.id] ?? []
            where content.withdrawals.answers[answer.id] == nil && (answer.agreeCount > 0 || answer.id == question.bestAnswerID) {
                candidates.append((answer, question))
            }
        }
        candidates.sort {
            ($0.answer.agreeCount, $0.answer.id == $0.question.bestAnswerID ? 1 : 0, $1.answer.id.rawValue)
                > ($1.answer.agreeCount, $1.answer.id == $1.question.bestAnswerID ? 1 : 0, $0.answer.id.rawValue)
        }
        return candidates.prefix(limit).map { answer, question in
            [
                "questionTitle": .string(Sanitizer.decodeEntities(question.title)),
                "href": .string(path.link(to: SiteLayout.question(question.id), fragment: SiteLayout.answerAnchor(answer.id))),
                "author": person(answer.authorID, anonymous: answer.isAnonymous, from: path),
                "votes": .int(answer.agreeCount),
            ]
        }
    }
}
