import Foundation
import WenjinDrafts
import WenjinStore

/// The two drafts `wenjin demo` writes into an empty draft.db, in the client's own format: a
/// question draft with a picture, and an answer draft to the newest crawled question.
enum DemoDrafts {
    static func add(to database: DraftDatabase, store: Store, assets: URL) throws {
        var pieces: [DraftBody.Piece] = [.text("这是 wenjin demo 写进 draft.db 的问题草稿。\n\n它只出现在预览里（wenjin serve），不会出现在发布的站点中。\n\n")]
        if let picture = picture(in: assets) { pieces.append(.image(DraftImage(data: picture, fileName: "demo.jpg"))) }
        pieces.append(.text("\n\n改动这个草稿（wenjin drafts new …，或在 iOS 客户端里），打开的页面会自动刷新。"))
        try database.add(QuestionDraft(title: "草稿：北洋园校区的自习室几点关门？", body: DraftBody(pieces), topics: ["校园生活"]))
        if let question = try store.read({ try $0.questions() }).first {
            try database.add(AnswerDraft(questionID: question.id.rawValue, body: DraftBody(
                text: "这是一条回答草稿，显示在它所回答的问题页面里，标着「草稿 · 未发布」。\n\n第二段：空行分段。")))
        }
    }

    /// A crawled image (the store keeps them by hash), so the sample draft shows a real picture.
    private static func picture(in assets: URL) -> Data? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: assets.path))?.sorted() ?? []
        for name in names.prefix(200) {
            guard let data = FileManager.default.contents(atPath: assets.appendingPathComponent(name).path),
                  DraftImage(data: data).fileExtension != nil, data.count < 200_000 else { continue }
            return data
        }
        return nil
    }
}
