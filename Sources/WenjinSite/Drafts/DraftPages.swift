import Foundation
import WenjinBuildSupport
import WenjinDrafts
import WenjinModel
import WenjinSanitizer
import WenjinTemplates

/// The unpublished pages of a drafts build (`wenjin build --drafts`): a page per question draft,
/// each answer draft inside the page of the question it answers (or on a page of its own, linked
/// to the original, when that question is not in the store), and an index listing every draft,
/// the unreadable ones with their reason. Every such page is marked 「草稿 · 未发布」 and `noindex`.
///
/// These pages never enter the page plan, so search, sitemap and feeds never see them; a build
/// without drafts writes none of their files.
struct DraftPages {
    static let index = SitePath("drafts/index.html")
    static func page(_ reference: DraftReference) -> SitePath { SitePath("drafts/\(reference).html") }
    static func anchor(_ reference: DraftReference) -> String { "draft-\(reference)" }

    let drafts: DraftCollection
    let renderer: PageRenderer

    /// Questions of the store whose page gains answer drafts: the published plan skips their
    /// `.question` job and `render()` writes them instead.
    var questionsWithDrafts: Set<QuestionID> {
        Set(drafts.answers.map { QuestionID($0.questionID) }.filter { renderer.archive.questionsByID[$0] != nil })
    }

    /// Every draft page and image, by output path.
    func render() throws(SiteError) -> [(path: SitePath, bytes: [UInt8])] {
        var frames = [indexFrame()]
        var images: [SitePath: Data] = [:]
        for draft in drafts.questions {
            guard let reference = draft.reference else { continue }
            frames.append(questionDraftFrame(draft, reference: reference, images: &images))
        }
        let answersByQuestion = Dictionary(grouping: drafts.answers) { QuestionID($0.questionID) }
        for (question, answers) in answersByQuestion.sorted(by: { $0.key < $1.key }) {
            if renderer.archive.questionsByID[question] != nil {
                frames.append(questionFrame(question, drafts: answers, images: &images))
            } else {
                for draft in answers {
                    guard let reference = draft.reference else { continue }
                    frames.append(orphanAnswerFrame(draft, reference: reference, images: &images))
                }
            }
        }
        var pages: [(path: SitePath, bytes: [UInt8])] = []
        for frame in frames { pages.append(try renderer.render(frame)) }
        return pages + images.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value)) }
    }

    // MARK: Frames

    private func indexFrame() -> PageFrame {
        let path = Self.index
        let questions: [TemplateValue] = drafts.questions.compactMap { draft in
            guard let reference = draft.reference else { return nil }
            return [
                "reference": .string(reference.description),
                "title": .string(draft.title.isEmpty ? renderer.ui["draftUntitled"] : draft.title),
                "href": .string(path.link(to: Self.page(reference))),
                "time": renderer.time(draft.time.date),
            ]
        }
        let answers: [TemplateValue] = drafts.answers.compactMap { draft in
            guard let reference = draft.reference else { return nil }
            let question = QuestionID(draft.questionID)
            let stored = renderer.archive.questionsByID[question]
            return [
                "reference": .string(reference.description),
                "title": .string(stored.map { Sanitizer.decodeEntities($0.title) } ?? "\(renderer.ui["kindQuestion"]) #\(draft.questionID)"),
                "href": .string(stored == nil ? path.link(to: Self.page(reference))
                                : path.link(to: SiteLayout.question(question), fragment: Self.anchor(reference))),
                "time": renderer.time(draft.time.date),
            ]
        }
        let unreadable: [TemplateValue] = drafts.unreadable.map { draft in
            [
                "reference": .string(draft.reference.description),
                "time": draft.time.map { renderer.time($0.date) } ?? .null,
                "reason": .string(draft.reason),
            ]
        }
        let page: TemplateValue = [
            "questions": renderer.block(questions),
            "answers": renderer.block(answers),
            "unreadable": renderer.block(unreadable),
            "empty": .bool(drafts.isEmpty),
        ]
        return PageFrame(path: path, template: "drafts", title: renderer.ui["drafts"], noIndex: true, content: page)
    }

    private func questionDraftFrame(_ draft: QuestionDraft, reference: DraftReference, images: inout [SitePath: Data]) -> PageFrame {
        let path = Self.page(reference)
        let body = DraftBodyView(draft.body, from: path)
        images.merge(body.images) { old, _ in old }
        let title = draft.title.isEmpty ? renderer.ui["draftUntitled"] : draft.title
        let topics: [TemplateValue] = draft.topics.map { name in
            let stored = renderer.archive.topicsByTitle[name]
            return ["title": .string(name), "href": stored.map { .string(path.link(to: SiteLayout.topic($0))) } ?? .null]
        }
        let page: TemplateValue = [
            "kind": .string(renderer.ui["kindQuestion"]),
            "title": .string(title),
            "topics": .list(topics),
            "anonymous": .bool(draft.isAnonymous),
            "time": renderer.time(draft.time.date),
            "paragraphs": body.value,
            "original": .null,
            "draftsIndex": .string(path.link(to: Self.index)),
        ]
        return PageFrame(path: path, template: "draft", title: title, noIndex: true, content: page)
    }

    /// An answer draft whose question is not in the store: its own page, linked to the original.
    private func orphanAnswerFrame(_ draft: AnswerDraft, reference: DraftReference, images: inout [SitePath: Data]) -> PageFrame {
        let path = Self.page(reference)
        let body = DraftBodyView(draft.body, from: path)
        images.merge(body.images) { old, _ in old }
        let title = "\(renderer.ui["draftAnswerTo"]) \(renderer.ui["kindQuestion"]) #\(draft.questionID)"
        let page: TemplateValue = [
            "kind": .string(renderer.ui["kindAnswer"]),
            "title": .string(title),
            "topics": .list([]),
            "anonymous": .bool(draft.isAnonymous),
            "time": renderer.time(draft.time.date),
            "paragraphs": body.value,
            "original": .string(renderer.original("question/\(draft.questionID)")),
            "draftsIndex": .string(path.link(to: Self.index)),
        ]
        return PageFrame(path: path, template: "draft", title: title, original: renderer.original("question/\(draft.questionID)"),
                         noIndex: true, content: page)
    }

    /// The question's published page with its answer drafts shown above the answers.
    private func questionFrame(_ id: QuestionID, drafts answers: [AnswerDraft], images: inout [SitePath: Data]) -> PageFrame {
        var frame = renderer.questionPage(id)
        let path = frame.path
        let values: [TemplateValue] = answers.compactMap { draft in
            guard let reference = draft.reference else { return nil }
            let body = DraftBodyView(draft.body, from: path)
            images.merge(body.images) { old, _ in old }
            return [
                "anchor": .string(Self.anchor(reference)),
                "reference": .string(reference.description),
                "anonymous": .bool(draft.isAnonymous),
                "time": renderer.time(draft.time.date),
                "paragraphs": body.value,
            ]
        }
        if case .object(var content) = frame.content {
            content["draftAnswers"] = .list(values)
            content["draftsIndex"] = .string(path.link(to: Self.index))
            frame.content = .object(content)
        }
        frame.noIndex = true
        frame.structuredData = nil
        return frame
    }
}
