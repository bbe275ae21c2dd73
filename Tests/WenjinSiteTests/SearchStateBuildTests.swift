import Foundation
import Glibc
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSample
@testable import WenjinSite

/// The search index's state kept between builds (keyed by document, `SiteSearchDocuments`):
/// a rebuild patches the index from it and must leave exactly the files a full build writes;
/// without a usable state it writes the whole index and says so.
@Suite("Search state between builds")
struct SearchStateBuildTests {
    /// A build of the same store and takedowns into a new folder, with no state of an earlier build.
    private func fullBuild(_ site: FixtureSite, name: String) throws -> [String: Data] {
        try site.buildAfresh(named: name).files
    }

    /// The state files the builds left in the store's folder (one per output slot).
    private func states(_ site: FixtureSite) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: site.storeFolder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix("." + SiteIndexes.searchStateSidecar) }
    }

    private func retitle(_ id: Int, _ title: String, in site: FixtureSite) throws {
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(QuestionID(id)))
            question.title = title
            try writer.upsert(question)
        }
    }

    /// Removes each file ("missing"), flips a byte near its end, among what a state file
    /// seals as a whole ("damaged"), or marks it as of the format before this one ("older").
    private func spoil(_ files: [URL], _ damage: String) throws {
        for file in files {
            if damage == "missing" {
                try FileManager.default.removeItem(at: file)
            } else {
                var bytes = try Data(contentsOf: file)
                if damage == "older" {
                    bytes[bytes.startIndex + "wenjin-search-state".utf8.count] = 3
                } else {
                    bytes[bytes.count - 20] ^= 0xFF
                }
                try bytes.write(to: file)
            }
        }
    }

    @Test("A damaged, missing or older-format search state makes the rebuild write the whole index, say so, and equal a full build",
          arguments: ["damaged", "missing", "older"])
    func unusableStateFallsBack(damage: String) throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let files = try states(site)
        #expect(!files.isEmpty)
        try spoil(files, damage)
        try retitle(100, "图书馆周日几点开门？", in: site)
        let notes = NoteKeepingProgress()
        _ = try site.build(progress: notes)
        // Missing, the manifest does not find it; damaged, its own checksum refuses it; older, its version.
        let said = notes.lines.withLock { $0 }
        #expect(said.count == 1 && said[0].hasSuffix(": writing the whole index") && said[0].contains("search index state"), "\(said)")
        #expect(said.first?.contains("of another format (version 3 is not 4)") == (damage == "older"), "\(said)")
        try expectWholeAgain(site)
    }

    @Test("A damaged record in the search state, read by the rebuild that patches its document, makes it write the whole index, say so, and equal a full build")
    func damagedRecordFallsBack() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let files = try states(site)
        #expect(!files.isEmpty)
        // The question's title, in its record (and those of its answers): a byte of each changed.
        let title = Data(try #require(try site.store.read { try $0.question(QuestionID(100)) }).title.utf8)
        var damaged = 0
        for file in files {
            var bytes = try Data(contentsOf: file)
            var from = bytes.startIndex
            while let found = bytes.range(of: title, in: from..<bytes.endIndex) {
                bytes[found.upperBound - 1] ^= 0x01
                damaged += 1
                from = found.upperBound
            }
            try bytes.write(to: file)
        }
        #expect(damaged > 0)
        try retitle(100, "图书馆周日几点开门？", in: site)
        let notes = NoteKeepingProgress()
        _ = try site.build(progress: notes)
        #expect(notes.lines.withLock { $0 } == ["a record of the last build's search index state is damaged: writing the whole index"])
        try expectWholeAgain(site)
    }

    /// After a build that wrote the whole index: the output is a full build's, the state is whole
    /// again, and the next build patches without a word and equals a full build too.
    private func expectWholeAgain(_ site: FixtureSite, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty, sourceLocation: sourceLocation)
        try retitle(100, "图书馆周六几点开门？", in: site)
        let next = NoteKeepingProgress()
        _ = try site.build(progress: next)
        #expect(next.lines.withLock { $0 }.isEmpty, sourceLocation: sourceLocation)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full-again"), try site.outputFiles()).isEmpty, sourceLocation: sourceLocation)
    }

    /// The identity of a file: its device and inode.
    private func inode(_ url: URL) throws -> (UInt64, UInt64) {
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    @Test("A one-question rebuild publishes the search state's file as it was, linked not copied, with a journal, and equals a full build")
    func rebuildCarriesTheState() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let first = try #require(try states(site).first)
        let firstInode = try inode(first)
        // The output's two slots (the full builds compared with below keep theirs beside them).
        var slots: [URL] = []
        for (round, title) in ["图书馆周日几点开门？", "图书馆周六几点开门？", "图书馆几点关门？"].enumerated() {
            try retitle(100, title, in: site)
            let notes = NoteKeepingProgress()
            _ = try site.build(progress: notes)
            #expect(notes.lines.withLock { $0 }.isEmpty, "round \(round)")
            if slots.isEmpty { slots = try states(site) }
            // Both output slots now name the one file the full build wrote.
            #expect(slots.count == 2, "round \(round)")
            for file in slots { #expect(try inode(file) == firstInode, "round \(round)") }
            // Nothing staged is left behind.
            let left = try FileManager.default.contentsOfDirectory(atPath: site.storeFolder.path).filter { $0.hasSuffix(".new") }
            #expect(left.isEmpty, "round \(round)")
            #expect(FixtureSite.differing(try fullBuild(site, name: "full-\(round)"), try site.outputFiles()).isEmpty, "round \(round)")
        }
    }

    @Test("A damaged or missing search journal makes the rebuild write the whole index, say so, and equal a full build",
          arguments: ["damaged", "missing"])
    func unusableJournalFallsBack(damage: String) throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try retitle(100, "图书馆周日几点开门？", in: site)
        _ = try site.build()
        let journals = try FileManager.default.contentsOfDirectory(at: site.storeFolder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix("." + SiteIndexes.searchJournalSidecar) }
        #expect(!journals.isEmpty)
        try spoil(journals, damage)
        try retitle(100, "图书馆周六几点开门？", in: site)
        let notes = NoteKeepingProgress()
        _ = try site.build(progress: notes)
        #expect(notes.lines.withLock { $0 }.contains("no readable search index state from the last build: writing the whole index"))
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
    }

    /// Every file under `folder` whose name ends in one of `suffixes` (all files without any).
    private func files(under folder: URL, endingIn suffixes: [String] = []) throws -> [URL] {
        let names = try #require(FileManager.default.subpathsOfDirectory(atPath: folder.path) as [String]?)
        return names.map { folder.appendingPathComponent($0) }.filter { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
                && (suffixes.isEmpty || suffixes.contains { url.lastPathComponent.hasSuffix("." + $0) })
        }
    }

    @Test("A question taken down leaves its old text in no search state of the store's folder nor in the output")
    func takedownLeavesNoOldTextInTheState() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let secret = "只在这个问题里出现的暗号蓝鲸九号"
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(QuestionID(100)))
            question.detailHTML += "<p>\(secret)</p>"
            try writer.upsert(question)
        }
        _ = try site.build()
        let sidecars = [SiteIndexes.searchStateSidecar, SiteIndexes.searchJournalSidecar]
        let bytes = Data(secret.utf8)
        #expect(try files(under: site.storeFolder, endingIn: sidecars).contains { try Data(contentsOf: $0).range(of: bytes) != nil })
        try Data(#"{"questions": [100]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        _ = try site.build()
        // The live output and the state published with it; the twin keeps the last output until the next build.
        let live = try #require(try files(under: site.storeFolder, endingIn: ["manifest"]).max {
            try $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate!
                < $1.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate!
        })
        let liveState = sidecars.map { URL(fileURLWithPath: live.path + "." + $0) }
        for file in try files(under: site.output) + liveState {
            #expect(try Data(contentsOf: file).range(of: bytes) == nil, "\(file.path)")
        }
        try retitle(101, "图书馆周日几点开门？", in: site)
        _ = try site.build()
        for file in try files(under: site.storeFolder, endingIn: sidecars) + files(under: site.output) {
            #expect(try Data(contentsOf: file).range(of: bytes) == nil, "\(file.path)")
        }
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
    }

    @Test("After random takedowns, lifted takedowns and edits, every rebuild's files equal a full build's, search shards included")
    func randomTakedownsAndEdits() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let questions = try site.store.read { try $0.questions() }
        let answers = try site.store.read { reader in try questions.flatMap { try reader.answers(of: $0.id) } }
        let users = try site.store.read { try $0.users() }
        let articles = try site.store.read { try $0.articles() }
        var random = SeededRandom(seed: 41)
        var takenDown: [String: Set<Int>] = [:]
        for round in 0..<12 {
            // Each round takes one entry down or lifts one, and now and then edits a post.
            let kind = random.pick(["questions", "answers", "anonymizeUsers", "removeUsers", "articles"])
            let id = switch kind {
            case "questions": random.pick(questions).id.rawValue
            case "answers": random.pick(answers).id.rawValue
            case "articles": random.pick(articles).id.rawValue
            default: random.pick(users).id.rawValue
            }
            if takenDown[kind, default: []].contains(id) { takenDown[kind]?.remove(id) } else { takenDown[kind, default: []].insert(id) }
            let entries = takenDown.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.sorted().map(String.init).joined(separator: ","))]" }
            try Data("{\(entries.joined(separator: ", "))}".utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
            if round % 3 == 1 {
                try site.store.write { writer in
                    var answer = random.pick(answers)
                    answer.agreeCount += random.int(1...30)
                    answer.contentHTML += "<p>第\(round)次补充：北洋园的食堂</p>"
                    try writer.upsert(answer)
                }
            }
            let notes = NoteKeepingProgress()
            _ = try site.build(progress: notes)
            #expect(notes.lines.withLock { $0 }.isEmpty, "round \(round)")
            let expected = try fullBuild(site, name: "full-\(round)")
            let actual = try site.outputFiles()
            #expect(FixtureSite.differing(expected, actual).isEmpty, "round \(round), \(takenDown): \(FixtureSite.differing(expected, actual))")
            #expect(actual.keys.contains { $0.hasPrefix("search/shard-") })
        }
    }
}
