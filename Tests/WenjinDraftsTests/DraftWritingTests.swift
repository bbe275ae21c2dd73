import Foundation
import Testing
@testable import WenjinDrafts

@Suite("Writing drafts in the client's schema")
struct DraftWritingTests {
    /// Reads every row with python's sqlite3 and plistlib: title, topics and the archived text.
    static let pythonReader = #"""
import json, plistlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
def text(blob):
    archive = plistlib.loads(blob)
    objects = archive["$objects"]
    root = objects[archive["$top"]["root"].data]
    string = objects[root["NSString"].data]
    return string if isinstance(string, str) else string["NS.string"]
def strings(blob):
    archive = plistlib.loads(blob)
    objects = archive["$objects"]
    return [objects[u.data] for u in objects[archive["$top"]["root"].data]["NS.objects"]]
out = {"schema": [r[0] for r in db.execute("select sql from sqlite_master order by name")],
       "questions": [[t, title, text(d), strings(tp), k, a] for t, title, d, tp, k, a in db.execute("select * from Question")],
       "answers": [[t, q, text(c), k, a] for t, q, c, k, a in db.execute("select * from Answer")]}
print(json.dumps(out, ensure_ascii=False))
"""#

    static let schemaReader =
        "import sqlite3,sys; print('\\n'.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute('select sql from sqlite_master order by name')))"

    @Test("A new question and answer read back the same through our reader and through python's plistlib")
    func roundTrip() throws {
        let file = try DraftFixture.temporaryFolder().appendingPathComponent("draft.db")
        let database = DraftDatabase(configured: file)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let question = QuestionDraft(
            time: DraftTime(seconds: 1_750_000_000), title: "新问题 🎈",
            body: DraftBody([.text("第一段\n\n"), .image(DraftImage(data: png, fileName: "a.png")), .text("\n第二段")]),
            topics: ["话题一", "Topic 2"], isAnonymous: true, attachAccessKey: AttachAccessKey("ffffffffffffffffffffffffffffffff"))
        let answer = AnswerDraft(time: DraftTime(seconds: 1_750_000_001), questionID: 3521, body: DraftBody(text: "回答"))
        #expect(try database.add(question).description == "q1")
        #expect(try database.add(answer).description == "a1")

        let loaded = try database.load()
        var expectedQuestion = question
        expectedQuestion.reference = DraftReference(kind: .question, rowID: 1)
        #expect(loaded.questions == [expectedQuestion])
        #expect(loaded.answers.map(\.body) == [answer.body])
        #expect(loaded.unreadable.isEmpty)

        let python = try DraftFixture.python(Self.pythonReader, [file.path])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(python.utf8)) as? [String: Any])
        // SQLite keeps the statement as executed (keywords upper-cased): the same as in the client's file.
        let clientSchema = try DraftFixture.python(Self.schemaReader, [DraftFixture.draftDB.path])
        #expect((decoded["schema"] as? [String])?.joined(separator: "\n") == clientSchema.dropLast(1).description)
        let row = try #require((decoded["questions"] as? [[Any]])?.first)
        #expect(row[0] as? Int == 1_750_000_000)
        #expect(row[1] as? String == "新问题 🎈")
        #expect(row[2] as? String == "第一段\n\n\u{FFFC}\n第二段")
        #expect(row[3] as? [String] == ["话题一", "Topic 2"])
        #expect(row[5] as? Int == 1)
        let answerRow = try #require((decoded["answers"] as? [[Any]])?.first)
        #expect(answerRow[1] as? String == "3521")
        #expect(answerRow[2] as? String == "回答")
        #expect((answerRow[3] as? String)?.count == 32)
    }

    @Test("Removing one of two drafts saved in the same second keeps the other")
    func removeOneOfSameSecond() throws {
        let file = try DraftFixture.copy()
        let database = DraftDatabase(configured: file)
        let second = DraftTime(seconds: 1_700_000_500)
        let first = try database.add(QuestionDraft(time: second, title: "甲", body: DraftBody(text: "a")))
        let other = try database.add(QuestionDraft(time: second, title: "乙", body: DraftBody(text: "b")))
        try database.remove(first)
        let titles = try database.load().questions.map(\.title)
        #expect(titles.contains("乙"))
        #expect(!titles.contains("甲"))
        #expect(try database.load().questions.compactMap(\.reference).contains(other))
        #expect(throws: DraftsError(.noSuchDraft(first.description), path: file.path)) { try database.remove(first) }
    }

    @Test("Writing into the fixture keeps the client's tables and adds no others")
    func schemaIsKept() throws {
        let file = try DraftFixture.copy()
        try DraftDatabase(configured: file).add(AnswerDraft(questionID: 7, body: DraftBody(text: "x")))
        let schema = try DraftFixture.python(Self.schemaReader, [file.path])
        #expect(schema == "CREATE TABLE Answer(time, questionId, content, attachAccessKey, anonymous)\n"
            + "CREATE TABLE Question(time, title, detail, topic, attachAccessKey, anonymous)\n")
        #expect(try DraftDatabase(configured: file).load().answers.count == 3)
    }

    @Test("A drafts path that names another program's SQLite database is refused, the file left byte for byte")
    func foreignDatabaseIsLeftAlone() throws {
        let file = try DraftFixture.temporaryFolder().appendingPathComponent("places.sqlite")
        let other = try DraftConnection(path: file.path, writable: true)
        try other.run("create table moz_places(url, title)")
        try other.run("insert into moz_places values(?, ?)", [.text("https://example.org/"), .text("书签")])
        let before = try Data(contentsOf: file)
        let database = DraftDatabase(configured: file)
        let error = #expect(throws: DraftsError.self) { try database.add(QuestionDraft(title: "草稿", body: DraftBody(text: "正文"))) }
        #expect(error?.reason == .foreignDatabase(tables: ["moz_places"]))
        #expect(throws: DraftsError.self) { try database.add(AnswerDraft(questionID: 1, body: DraftBody(text: "回答"))) }
        #expect(try Data(contentsOf: file) == before)
    }
}
