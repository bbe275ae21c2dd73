import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinTemplates

extension PageRenderer {
    /// The home page: every question, most recently answered first, paginated.
    func homePage(_ number: Int) -> PageFrame {
        questionList(content.questions, page: number, title: number > 1 ? "\(ui["newest"]) (\(number))" : "",
                     heading: ui["newest"], section: .home, path: SiteLayout.home(page:))
    }

    /// Questions without any stored answer.
    func unansweredPage(_ number: Int) -> PageFrame {
        questionList(archive.unansweredQuestions, page: number, title: ui["unanswered"], heading: ui["unanswered"],
                     section: .unanswered, path: SiteLayout.unanswered(page:))
    }

    func articleListPage(_ number: Int) -> PageFrame {
        let perPage = Pagination.questionsPerPage
        let pagination = Pagination(page: number, itemCount: content.articles.count, perPage: perPage)
        let path = SiteLayout.articles(page: pagination.page)
        let page: TemplateValue = [
            "heading": .string(ui["articles"]),
            "articles": block(pagination.slice(content.articles, perPage: perPage).map { articleSummary($0, from: path) }),
            "pagination": pagination.templateValue(from: path, path: SiteLayout.articles(page:)),
        ]
        return PageFrame(path: path, template: "list", title: titled(ui["articles"], pagination.page), section: .articles,
                         content: page)
    }

    func topicsIndexPage(_ number: Int) -> PageFrame {
        let perPage = Pagination.namesPerPage
        let pagination = Pagination(page: number, itemCount: content.topics.count, perPage: perPage)
        let path = SiteLayout.topicsIndex(page: pagination.page)
        let topics: [TemplateValue] = pagination.slice(content.topics, perPage: perPage).map { topic in
            [
                "title": .string(Sanitizer.decodeEntities(topic.title)),
                "href": .string(path.link(to: SiteLayout.topic(topic.id))),
                "questionCount": .int(archive.questionsByTopic[topic.id].count),
                "focusCount": .int(topic.focusCount),
            ]
        }
        let page: TemplateValue = [
            "heading": .string(ui["topics"]), "topics": .list(topics),
            "pagination": pagination.templateValue(from: path, path: SiteLayout.topicsIndex(page:)),
        ]
        return PageFrame(path: path, template: "topics", title: titled(ui["topics"], pagination.page), section: .topics,
                         content: page)
    }

    func usersIndexPage(_ number: Int) -> PageFrame {
        let perPage = Pagination.namesPerPage
        let pagination = Pagination(page: number, itemCount: content.users.count, perPage: perPage)
        let path = SiteLayout.usersIndex(page: pagination.page)
        let users: [TemplateValue] = pagination.slice(content.users, perPage: perPage).map { user in
            [
                "person": person(user.id, from: path),
                // Nick names repeat; the account name tells two of them apart.
                "userName": .string(Sanitizer.decodeEntities(user.userName)),
                "questionCount": .int(archive.questionsByAsker[user.id].count),
                "answerCount": .int(archive.answersByAuthor[user.id].count),
            ]
        }
        let page: TemplateValue = [
            "heading": .string(ui["users"]), "users": .list(users),
            "pagination": pagination.templateValue(from: path, path: SiteLayout.usersIndex(page:)),
        ]
        return PageFrame(path: path, template: "users", title: titled(ui["users"], pagination.page), section: .users,
                         content: page)
    }

    private func questionList(_ questions: some RandomAccessCollection<Question>, page number: Int, title: String, heading: String,
                              section: NavigationSection, path: (Int) -> SitePath) -> PageFrame {
        let perPage = Pagination.questionsPerPage
        let pagination = Pagination(page: number, itemCount: questions.count, perPage: perPage)
        let from = path(pagination.page)
        let page: TemplateValue = [
            "heading": .string(heading),
            "questions": block(pagination.slice(questions, perPage: perPage).map { questionSummary($0, from: from) }),
            "pagination": pagination.templateValue(from: from, path: path),
        ]
        return PageFrame(path: from, template: "list", title: title, description: heading, section: section, content: page)
    }

    private func titled(_ title: String, _ page: Int) -> String { page > 1 ? "\(title) (\(page))" : title }
}
