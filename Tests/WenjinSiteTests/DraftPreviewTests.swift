import Foundation
import Testing
import WenjinDrafts
@testable import WenjinSite

/// The build behind `wenjin serve`: whole builds when the site changes, draft pages alone when
/// only draft.db does.
@Suite("Draft preview rebuilds")
struct DraftPreviewTests {
    func text(_ preview: DraftPreview, _ path: String) -> String? {
        try? String(contentsOf: preview.output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("A saved draft re-renders the draft pages alone; a removed one takes its pages and the question's draft section away")
    func draftChangesRenderDraftPagesOnly() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let drafts = DraftDatabase(configured: site.root.appendingPathComponent(site.config.drafts.path.text))
        try drafts.add(QuestionDraft(title: "第一个问题草稿", body: DraftBody(text: "正文")))
        let preview = DraftPreview(config: site.config, store: site.store, output: site.root.appendingPathComponent("preview"))
        guard case .wholeSite = try preview.rebuild() else { Issue.record("the first rebuild builds everything"); return }
        #expect(text(preview, "drafts/q1.html")?.contains("第一个问题草稿") == true)
        #expect(text(preview, "questions/100.html")?.contains("draft-") == false)

        let answer = try drafts.add(AnswerDraft(questionID: 100, body: DraftBody(text: "回答草稿正文")))
        let added = try preview.rebuild()
        #expect(added == .draftPages(written: 2, removed: 0), "the index and question 100's page")
        #expect(text(preview, "questions/100.html")?.contains("回答草稿正文") == true)

        try drafts.remove(answer)
        try drafts.remove(DraftReference(kind: .question, rowID: 1))
        let removed = try preview.rebuild()
        #expect(removed == .draftPages(written: 2, removed: 1), "the index and question 100's page; q1.html removed")
        #expect(text(preview, "questions/100.html")?.contains("回答草稿正文") == false)
        #expect(text(preview, "questions/100.html")?.contains("noindex") == false)
        #expect(text(preview, "drafts/q1.html") == nil)
    }

    @Test("A change to Public/ rebuilds the whole site, drafts included")
    func publicChangeRebuildsEverything() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let drafts = DraftDatabase(configured: site.root.appendingPathComponent(site.config.drafts.path.text))
        try drafts.add(QuestionDraft(title: "草稿", body: DraftBody(text: "正文")))
        let preview = DraftPreview(config: site.config, store: site.store, output: site.root.appendingPathComponent("preview"))
        try preview.rebuild()
        #expect(try preview.rebuild() == .draftPages(written: 0, removed: 0))
        let publicFolder = site.root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: publicFolder.appendingPathComponent("hello.txt"))
        guard case .wholeSite = try preview.rebuild() else { Issue.record("Public/ changed: a whole build was due"); return }
        #expect(text(preview, "hello.txt") == "hello")
        #expect(text(preview, "drafts/q1.html")?.contains("草稿 · 未发布") == true)
        #expect(preview.watchedPaths.map(\.lastPathComponent).contains("draft.db"))
    }

    @Test("The preview builds into the store's preview folder, but not over files someone else put there")
    func previewFolderOfTheUserIsRefused() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let folder = DraftPreview.folder(for: site.config)
        let preview = DraftPreview(config: site.config, store: site.store, output: folder)
        guard case .wholeSite = try preview.rebuild() else { Issue.record("the first rebuild builds everything"); return }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))

        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let error = #expect(throws: SiteError.self) {
            try DraftPreview(config: site.config, store: site.store, output: folder).rebuild()
        }
        #expect(error?.reason == .outputRefused)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("notes.txt")) == Data("mine".utf8))
    }
}
