import WenjinModel
import WenjinSanitizer
import WenjinTemplates

extension PageRenderer {
    /// A question with its detail, topics, asker, and every answer — the best one first, then by
    /// votes — each with an anchor, its votes and its comments (with their @-replies).
    func questionPage(_ id: QuestionID) -> PageFrame {
        let path = SiteLayout.question(id)
        guard let question = archive.questionsByID[id] else { return notFoundPage() }
        let answers = orderedAnswers(of: question)
        let title = Sanitizer.decodeEntities(question.title)
        let withdrawals = content.withdrawals
        let answerValues: [TemplateValue] = answers.map { answer in
            // A withdrawn answer is its notice alone: nothing of its author, time or votes.
            if let withdrawal = withdrawals.answers[answer.id] {
                return ["anchor": .string(SiteLayout.answerAnchor(answer.id)), "withdrawn": notice(withdrawal)]
            }
            let comments = content.answerComments[answer.id] ?? []
            let thread = ThreadAnonymity(answer: answer, comments: comments)
            return [
                "anchor": .string(SiteLayout.answerAnchor(answer.id)),
                "withdrawn": nil,
                "deleted": deletedMark(withdrawals.marked.answers.contains(answer.id)),
                "author": person(answer.authorID, anonymous: answer.isAnonymous, from: path),
                "time": time(answer.addTime),
                // For sorting by date in the browser (reader.js); answers without a time sort first.
                "order": .int(answer.addTime.map { Int($0.timeIntervalSince1970) } ?? 0),
                "votes": .int(answer.agreeCount),
                "best": .bool(answer.id == question.bestAnswerID),
                "body": .html(bodies[.answer(answer.id)]),
                "comments": block(comments.map { comment in
                    if let withdrawal = withdrawals.answerComments[comment.id] {
                        return ["anchor": .string(SiteLayout.commentAnchor(comment.id)), "withdrawn": notice(withdrawal)]
                    }
                    return [
                        "anchor": .string(SiteLayout.commentAnchor(comment.id)),
                        "withdrawn": nil,
                        "deleted": deletedMark(withdrawals.marked.answerComments.contains(comment.id)),
                        "author": person(comment.authorID, anonymous: thread.hides(comment.authorID), from: path),
                        "replyTo": comment.atUserID.map { person($0, anonymous: thread.hides($0), from: path) } ?? .null,
                        "text": .string(Sanitizer.decodeEntities(comment.text)),
                        "time": time(comment.addTime),
                    ]
                }),
            ]
        }
        let page: TemplateValue = [
            "title": .string(title),
            "deleted": deletedMark(withdrawals.marked.questions.contains(id)),
            "detail": .html(bodies[.question(id)]),
            "hasDetail": .bool(bodies.has(.question(id))),
            "asker": person(question.askerID, anonymous: question.isAnonymous, from: path),
            "time": time(question.addTime),
            "activeTime": time(question.updateTime),
            "bestAnchor": shownBestAnswer(of: question).map { .string(SiteLayout.answerAnchor($0)) } ?? .null,
            "sortable": .bool(answers.count > 1),
            "related": block(archive.relatedQuestions.of(question).compactMap { archive.questionsByID[$0] }.map { related in
                [
                    "title": .string(Sanitizer.decodeEntities(related.title)),
                    "href": .string(path.link(to: SiteLayout.question(related.id))),
                    "answerCount": .int(content.answers[related.id]?.count ?? 0),
                ]
            }),
            "viewCount": .int(question.viewCount),
            "focusCount": .int(question.focusCount),
            "topics": topicLinks(question.topicIDs, from: path),
            "answerCount": .int(answers.count),
            "answers": .list(answerValues),
            "original": .string(original("question/\(id.rawValue)")),
        ]
        let description = summary(of: .question(id))
        return PageFrame(path: path, template: "question", title: title,
                         description: description.isEmpty ? title : description, openGraphType: "article",
                         original: original("question/\(id.rawValue)"),
                         structuredData: questionStructuredData(question, title: title, answers: answers),
                         content: page)
    }

    /// The best answer first, then the rest in the store's order (most agreed, then oldest).
    func orderedAnswers(of question: Question) -> [Answer] {
        let answers = content.answers[question.id] ?? []
        guard let best = question.bestAnswerID, let position = answers.firstIndex(where: { $0.id == best }) else { return answers }
        var ordered = answers
        ordered.insert(ordered.remove(at: position), at: 0)
        return ordered
    }

    /// schema.org `QAPage` JSON-LD, for search engines' question-and-answer results.
    private func questionStructuredData(_ question: Question, title: String, answers: [Answer]) -> TrustedHTML {
        let path = SiteLayout.question(question.id)
        func author(_ id: UserID?, anonymous: Bool) -> StructuredData {
            var name = ui["anonymous"]
            if let id, !anonymous {
                name = archive.usersByID[id].map { Sanitizer.decodeEntities($0.displayName) } ?? "\(ui["user"]) \(id.rawValue)"
            }
            return .object([("@type", "Person"), ("name", .string(name))])
        }
        func answerData(_ answer: Answer) -> StructuredData {
            var fields: [(String, StructuredData)] = [
                ("@type", "Answer"),
                ("text", .string(summary(of: .answer(answer.id), limit: 500))),
                ("upvoteCount", .int(answer.agreeCount)),
                ("author", author(answer.authorID, anonymous: answer.isAnonymous)),
            ]
            if let added = answer.addTime { fields.append(("dateCreated", .string(DisplayTime(added).iso8601))) }
            if let baseURL { fields.append(("url", .string(baseURL + path.text + "#" + SiteLayout.answerAnchor(answer.id)))) }
            return .object(fields)
        }
        var entity: [(String, StructuredData)] = [
            ("@type", "Question"),
            ("name", .string(title)),
            ("text", .string(bodies.text(.question(question.id)).isEmpty ? title : summary(of: .question(question.id), limit: 500))),
            ("answerCount", .int(answers.count)),
            ("dateCreated", .string(DisplayTime(question.addTime).iso8601)),
            ("author", author(question.askerID, anonymous: question.isAnonymous)),
        ]
        if let best = answers.first(where: { $0.id == question.bestAnswerID }), content.withdrawals.answers[best.id] == nil {
            entity.append(("acceptedAnswer", answerData(best)))
        }
        let suggested = answers.filter { $0.id != question.bestAnswerID && content.withdrawals.answers[$0.id] == nil }
        if !suggested.isEmpty { entity.append(("suggestedAnswer", .array(suggested.map(answerData)))) }
        let page = StructuredData.object([("@context", "https://schema.org"), ("@type", "QAPage"), ("mainEntity", .object(entity))])
        return page.scriptElementContent
    }
}
