import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// A body the last build found empty is not looked up in the store again while its row stays
/// unchanged (`EmptyBodies`, beside the body ledger, which holds only bodies with text); what
/// becomes of the body later, and whatever state the file is in, a rebuild equals a full build.
/// The fixture's questions 101 and 102 have no details.
@Suite("Empty bodies in a rebuild")
struct EmptyBodiesBuildTests {
    private func emptiesFile(_ site: FixtureSite) -> URL { site.storeFolder.appendingPathComponent(EmptyBodies.fileName) }

    private func renameUser(_ site: FixtureSite, to nickName: String) throws {
        try site.store.write { writer in
            var user = try #require(try writer.reader.user(2))
            user.nickName = nickName
            try writer.upsert(user)
        }
    }

    /// A full build of a copy of the store, beside none of the last build's state.
    private func fullBuild(_ site: FixtureSite, name: String) throws -> [String: Data] {
        let state = site.root.appendingPathComponent("state-\(name)")
        try FileManager.default.copyItem(at: site.storeFolder, to: state)
        for file in try FileManager.default.contentsOfDirectory(atPath: state.path)
        where !file.hasPrefix(Store.fileName) && file != "assets" {
            try FileManager.default.removeItem(at: state.appendingPathComponent(file))
        }
        let store = try Store.openExisting(at: state.appendingPathComponent(Store.fileName))
        let (summary, files) = try site.buildAfresh(named: name, store: store)
        #expect(summary.pagesUnchanged == 0)
        return files
    }

    @Test("A body found empty is not looked up again until its row changes; given text, it shows")
    func emptyBodiesAreVouchedFor() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        #expect(first.bodiesLookedUp == 0, "a first build reads every body with its row")
        let saved = try #require(EmptyBodies.load(from: site.storeFolder))
        #expect(saved.keys == [.question(101), .question(102)])

        try renameUser(site, to: "小王")
        let rebuild = try site.build()
        #expect(rebuild.bodiesLookedUp == 0)
        #expect(rebuild.bodiesCached == 4, "the four bodies with text, not the empty ones")
        #expect(rebuild.pagesUnchanged > 0)

        try site.store.write { writer in
            var question = try #require(try writer.reader.question(101))
            question.detailHTML = "<p>想学后端。</p>"
            try writer.upsert(question)
        }
        let filled = try site.build()
        #expect(filled.bodiesLookedUp == 0 && filled.bodiesRead == 1)
        #expect(String(decoding: try site.outputFiles()["questions/101.html"] ?? Data(), as: UTF8.self).contains("想学后端"))
        #expect(try #require(EmptyBodies.load(from: site.storeFolder)).keys == [.question(102)])
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
    }

    @Test("A body looked up because its links now lead elsewhere is not taken for empty: it keeps showing")
    func lookedUpBodyWithTextStaysShown() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        // Answer 1001 shows an image that was missing: stored now, the link leads to the local
        // copy, so the answer's ledger entry no longer stands and its body (unchanged row) is looked up.
        try site.store.write { writer in
            try writer.put(Asset(url: AssetURL(FixtureSite.source + "/uploads/answer/gone.png"), sha256: FixtureSite.imageSHA,
                                 contentType: "image/png", size: FixtureSite.image.count, state: .stored))
        }
        let stored = try site.build()
        #expect(stored.bodiesLookedUp == 1)
        #expect(try #require(EmptyBodies.load(from: site.storeFolder)).keys == [.question(101), .question(102)])
        try renameUser(site, to: "小王")
        _ = try site.build()
        #expect(String(decoding: try site.outputFiles()["questions/100.html"] ?? Data(), as: UTF8.self).contains("早上八点"))
    }

    @Test("Without the file, or with one damaged or of another store, the empty bodies are looked up, then known again")
    func untrustedFileFallsBackToLookUps() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let damages: [(String, () throws -> Void)] = [
            ("missing", { try FileManager.default.removeItem(at: emptiesFile(site)) }),
            ("damaged", { try Data("not a list of bodies".utf8).write(to: emptiesFile(site)) }),
            ("of another store", {
                let saved = try #require(EmptyBodies.load(from: site.storeFolder))
                EmptyBodies(seen: StoreChanges(token: "another store", counter: saved.seen.counter), keys: saved.keys)
                    .save(in: site.storeFolder)
            }),
            ("past the store's counter", {
                let saved = try #require(EmptyBodies.load(from: site.storeFolder))
                EmptyBodies(seen: StoreChanges(token: saved.seen.token, counter: saved.seen.counter + 100), keys: saved.keys)
                    .save(in: site.storeFolder)
            }),
            ("older than the read's counter", {
                let saved = try #require(EmptyBodies.load(from: site.storeFolder))
                EmptyBodies(seen: StoreChanges(token: saved.seen.token, counter: 0), keys: saved.keys).save(in: site.storeFolder)
            }),
        ]
        for (number, (name, damage)) in damages.enumerated() {
            try damage()
            try renameUser(site, to: "小王\(number)")
            let rebuild = try site.build()
            #expect(rebuild.bodiesLookedUp == 2, "\(name): both empty bodies looked up")
            #expect(try #require(EmptyBodies.load(from: site.storeFolder)).keys == [.question(101), .question(102)], "\(name)")
            #expect(FixtureSite.differing(try fullBuild(site, name: "full-\(number)"), try site.outputFiles()).isEmpty, "\(name)")
            try renameUser(site, to: "小王\(number)又改")
            #expect(try site.build().bodiesLookedUp == 0, "\(name): known again")
        }
    }
}
