import Foundation
import Testing
@testable import WenjinDrafts

@Suite("Reading the client's draft.db")
struct DraftReadingTests {
    @Test("The fixture's readable drafts load with their text, images, topics and flags")
    func readableDraftsLoad() throws {
        let drafts = try DraftDatabase(configured: DraftFixture.draftDB).load()
        #expect(drafts.questions.map(\.title) == ["图书馆几点关门？", "Same second, anonymous"])
        let library = drafts.questions[0]
        #expect(library.reference == DraftReference(kind: .question, rowID: 1))
        #expect(library.time == DraftTime(seconds: 1_700_000_000))
        #expect(library.topics == ["天津大学", "图书馆"])
        #expect(library.isAnonymous == false)
        #expect(library.attachAccessKey.rawValue == "0123456789abcdef0123456789abcdef")
        #expect(library.body.plainText == "期末周图书馆开到几点？\n\n\u{FFFC}\n谢谢😀")
        let image = try #require(library.body.images.first)
        #expect(image.fileName == "photo.png")
        #expect(image.data?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(image.fileExtension == "png")
        #expect(drafts.questions[1].isAnonymous)
        #expect(drafts.questions[1].body.plainText == "Hello 问津 🎉")

        #expect(drafts.answers.map(\.questionID) == [3521, 42])
        #expect(drafts.answers[0].body.plainText == "我觉得是晚上十点。")
        #expect(drafts.answers[1].body.plainText == "第一段。\n\n红色的第二段")
        #expect(drafts.answers[1].isAnonymous)
    }

    @Test("The corrupt row is reported with its column and reason while the others still load")
    func corruptRowIsReported() throws {
        let drafts = try DraftDatabase(configured: DraftFixture.draftDB).load()
        try #require(drafts.unreadable.count == 1)
        let bad = drafts.unreadable[0]
        #expect(bad.reference.description == "q2")
        #expect(bad.time == DraftTime(seconds: 1_700_000_100))
        #expect(bad.reason.hasPrefix("detail: "))
        #expect(drafts.questions.count + drafts.answers.count == 4)
    }

    @Test("The app container's Documentsdraft.db is found when the configured draft.db is missing")
    func documentsPathBugIsFollowed() throws {
        let actual = try DraftFixture.copy(named: "Documentsdraft.db")
        let container = actual.deletingLastPathComponent()
        for configured in [container.appendingPathComponent("draft.db"), container] {
            let database = DraftDatabase(configured: configured)
            #expect(database.file.lastPathComponent == "Documentsdraft.db")
            #expect(try database.load().questions.count == 2)
        }
    }

    @Test("A missing draft file holds no drafts and is not created by reading")
    func missingFileIsEmpty() throws {
        let file = try DraftFixture.temporaryFolder().appendingPathComponent("draft.db")
        #expect(try DraftDatabase(configured: file).load().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("A save time names a draft only when no other draft shares it")
    func timesResolveOnlyWhenUnique() throws {
        let database = DraftDatabase(configured: DraftFixture.draftDB)
        #expect(try database.reference(for: "1700000000").description == "q1")
        #expect(try database.reference(for: "a2").description == "a2")
        #expect(throws: DraftsError(.ambiguousTime(1_700_000_200, candidates: ["q3", "a1"]), path: database.file.path)) {
            try database.reference(for: "1700000200")
        }
        #expect(throws: DraftsError(.noSuchDraft("q9"), path: database.file.path)) { try database.reference(for: "q9") }
        #expect(throws: DraftsError(.badReference("x1"), path: database.file.path)) { try database.reference(for: "x1") }
    }
}
