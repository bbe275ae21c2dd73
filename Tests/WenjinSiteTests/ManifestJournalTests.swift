import Foundation
import Glibc
import Testing
@testable import WenjinSite
import WenjinBuildSupport
import WenjinConfig

/// The output manifest kept as a table shared by both slots and a journal of the files that
/// differ from it (`ManifestTable`, `OutputManifest.published`): every state it can be left in —
/// a long chain of rebuilds, a damaged journal or table, another output's table, a build killed
/// between its manifest and the swap — gives the output a full build would, and never trusts
/// what it cannot check.
@Suite("Output manifest journal")
struct ManifestJournalTests {
    typealias Folders = StagedOutputTests.Folders

    /// Folders whose outputs keep their files in a table however few they are.
    static func tableFolders() throws -> Folders {
        var folders = try Folders()
        folders.tableFloor = 0
        return folders
    }

    /// The output's table files in the state folder, by name.
    static func tables(in folders: Folders) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folders.state.path).filter { $0.contains(".table-") }.sorted()
    }

    /// Every slot file's text.
    static func slotTexts(in folders: Folders) throws -> [URL: String] {
        var texts: [URL: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folders.state.path) where name.hasSuffix(".manifest") {
            let file = folders.state.appendingPathComponent(name)
            texts[file] = try String(contentsOf: file, encoding: .utf8)
        }
        return texts
    }

    static func pages(_ count: Int, version: Int = 0) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { ("questions/\($0).html", "page \($0) v\(version)") })
    }

    @Test("A rebuild that changes one file of many adds a journal line and leaves the table's file as it was")
    func oneChangeWritesTheJournal() throws {
        let folders = try Self.tableFolders()
        defer { folders.remove() }
        var files = Self.pages(64)
        try folders.build(files)
        try folders.build(files)
        let tables = try Self.tables(in: folders)
        #expect(tables.count == 1)
        let table = folders.state.appendingPathComponent(try #require(tables.first))
        let inode = try StagedOutputTests.inode(table)
        files["questions/7.html"] = "changed"
        let outcomes = try folders.build(files)
        #expect(outcomes.filter { $0.value == .written }.map(\.key) == ["questions/7.html"])
        #expect(try Self.tables(in: folders) == tables)
        #expect(try StagedOutputTests.inode(table) == inode)
        // The live slot lists the one file that differs from the table; the twin's, none.
        let journals: [[Substring]] = try Self.slotTexts(in: folders).values.map { text in
            text.split(separator: "\n").filter { line in
                line.count > 17 && line.dropFirst(16).first == " " && line.prefix(16).allSatisfy(\.isHexDigit)
            }
        }
        #expect(journals.map(\.count).sorted() == [0, 1])
        #expect(journals.flatMap { $0 }.allSatisfy { $0.hasSuffix(" questions/7.html") })
        #expect(try StagedOutputTests.contents(of: folders.output) == files)
    }

    @Test("A long chain of rebuilds, adding, changing and removing files, gives each build's files, the twin the one before, and compacts its journal into new tables")
    func longChainCompacts() throws {
        let folders = try Self.tableFolders()
        defer { folders.remove() }
        var random = SeededNumbers(seed: 14)
        var files = Self.pages(48)
        try folders.build(files)
        var previous = files
        var tablesSeen = Set(try Self.tables(in: folders))
        for round in 1...60 {
            var edited = Set<String>()
            for _ in 0..<random.next(below: 6) {
                let path = "questions/\(random.next(below: 64)).html"
                edited.insert(path)
                switch random.next(below: 3) {
                case 0: files[path] = nil
                default: files[path] = "page \(path) round \(round)"
                }
            }
            if random.next(below: 10) == 0 { files["notes/\(round)/n.html"] = "note \(round)" }
            let liveInodes = try Dictionary(uniqueKeysWithValues: files.keys.filter { previous[$0] == files[$0] }.map {
                ($0, try StagedOutputTests.inode(folders.output.appendingPathComponent($0)))
            })
            let outcomes = try folders.build(files)
            #expect(try StagedOutputTests.contents(of: folders.output) == files, "round \(round)")
            #expect(try StagedOutputTests.contents(of: folders.twin) == previous, "round \(round)")
            for (path, inode) in liveInodes {
                #expect(outcomes[path] == .unchanged, "round \(round): \(path)")
                #expect(try StagedOutputTests.inode(folders.output.appendingPathComponent(path)) == inode, "round \(round): \(path)")
            }
            let tables = try Self.tables(in: folders)
            #expect((1...2).contains(tables.count), "round \(round): \(tables)")
            tablesSeen.formUnion(tables)
            previous = files
        }
        // Journals past a sixteenth of their table were folded into new tables, more than once.
        #expect(tablesSeen.count > 3)
    }

    @Test("A journal line damaged in the slots voids both manifests: the build writes every file anew, then carries them over")
    func damagedJournalVoidsTheManifest() throws {
        let folders = try Self.tableFolders()
        defer { folders.remove() }
        var files = Self.pages(32)
        try folders.build(files)
        try folders.build(files)
        files["questions/3.html"] = "changed"
        try folders.build(files)
        var damaged = 0
        for (file, text) in try Self.slotTexts(in: folders) {
            // The fingerprint of the journal's line, still sixteen hex digits.
            guard let line = text.split(separator: "\n").first(where: { $0.hasSuffix(" questions/3.html") }) else { continue }
            let broken = text.replacingOccurrences(of: String(line), with: "0000000000000000 questions/3.html")
            try Data(broken.utf8).write(to: file)
            damaged += 1
        }
        #expect(damaged == 1)
        let staged = try folders.staged()
        #expect(!staged.liveIsKnown)
        #expect(staged.liveFingerprint(SitePath("questions/1.html")) == nil)
        staged.discard()
        #expect(try folders.build(files) == files.mapValues { _ in .written })
        #expect(try StagedOutputTests.contents(of: folders.output) == files)
        #expect(try folders.build(files) == files.mapValues { _ in .unchanged })
    }

    @Test("A table damaged or missing is no manifest: the build writes every file anew and the next one carries them over")
    func damagedOrMissingTable() throws {
        for damage in ["flip", "remove"] {
            let folders = try Self.tableFolders()
            defer { folders.remove() }
            let files = Self.pages(40)
            try folders.build(files)
            try folders.build(files)
            let table = folders.state.appendingPathComponent(try #require(try Self.tables(in: folders).first))
            if damage == "flip" {
                var bytes = [UInt8](try Data(contentsOf: table))
                // A fingerprint of the records: the file's structure holds, its seal does not.
                bytes[5 * 8 + 8] ^= 0x01
                try Data(bytes).write(to: table)
            } else {
                try FileManager.default.removeItem(at: table)
            }
            let staged = try folders.staged()
            #expect(!staged.liveIsKnown, "\(damage)")
            staged.discard()
            #expect(try folders.build(files) == files.mapValues { _ in .written }, "\(damage)")
            #expect(try StagedOutputTests.contents(of: folders.output) == files, "\(damage)")
            #expect(try folders.build(files) == files.mapValues { _ in .unchanged }, "\(damage)")
        }
    }

    @Test("A table lost from both slots does not make the output refused: the slot's folder lines vouch for it and every file is written anew; a file dropped in since is still refused")
    func lostTableIsNoRefusal() throws {
        let folders = try Self.tableFolders()
        defer { folders.remove() }
        let files = Self.pages(40)
        try folders.build(files)
        try folders.build(files)
        let site = folders.root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let config = SiteConfig(root: site)
        for table in try Self.tables(in: folders) { try FileManager.default.removeItem(at: folders.state.appendingPathComponent(table)) }

        let place = try OutputPlace(folders.output, config: config, stateFolder: folders.state)
        #expect(place.liveManifestLost)
        let staged = try StagedOutput(place: place, stateFolder: folders.state, tableFloor: folders.tableFloor)
        #expect(!staged.liveIsKnown)
        for (path, text) in files { #expect(try staged.write(Array(text.utf8), to: SitePath(path)) == .written) }
        try staged.publish()
        #expect(try StagedOutputTests.contents(of: folders.output) == files)
        #expect(try folders.build(files) == files.mapValues { _ in .unchanged })

        // Lost again, and a file someone dropped in since: the folder lines no longer hold.
        for table in try Self.tables(in: folders) { try FileManager.default.removeItem(at: folders.state.appendingPathComponent(table)) }
        try Data("mine".utf8).write(to: folders.output.appendingPathComponent("questions/notes.txt"))
        #expect(throws: SiteError.self) { try OutputPlace(folders.output, config: config, stateFolder: folders.state) }
    }

    @Test("Another output's table under the name a slot gives is not taken for it")
    func anotherOutputsTable() throws {
        let mine = try Self.tableFolders(), other = try Self.tableFolders()
        defer { mine.remove(); other.remove() }
        let files = Self.pages(20)
        try mine.build(files)
        try mine.build(files)
        try other.build(Self.pages(20, version: 1))
        let myTable = mine.state.appendingPathComponent(try #require(try Self.tables(in: mine).first))
        let otherTable = other.state.appendingPathComponent(try #require(try Self.tables(in: other).first))
        try FileManager.default.removeItem(at: myTable)
        try FileManager.default.copyItem(at: otherTable, to: myTable)
        let staged = try mine.staged()
        #expect(!staged.liveIsKnown)
        #expect(staged.liveFingerprint(SitePath("questions/1.html")) == nil)
        staged.discard()
        #expect(try mine.build(files) == files.mapValues { _ in .written })
        #expect(try StagedOutputTests.contents(of: mine.output) == files)
    }

    @Test("A build killed after its manifest was written but before the swap leaves a site the next build brings up to date, and the tables it left are removed")
    func killedBetweenManifestAndSwap() throws {
        let folders = try Self.tableFolders()
        defer { folders.remove() }
        let first = Self.pages(30), second = Self.pages(30, version: 2), third = Self.pages(25, version: 3)
        try folders.build(first)
        try folders.build(first)
        try folders.build(second)
        // As if killed between the manifest's write and the swap: the folders back in their places.
        let spare = folders.root.appendingPathComponent("spare").path
        #expect(rename(folders.output.path, spare) == 0)
        #expect(rename(folders.twin.path, folders.output.path) == 0)
        #expect(rename(spare, folders.twin.path) == 0)
        #expect(try StagedOutputTests.contents(of: folders.output) == first)
        // And a table written by a build killed before it removed the old one, and a torn one.
        for name in ["output-out.table-0123456789abcdef", "output-out.table-0123456789abcdef.new"] {
            try Data("left".utf8).write(to: folders.state.appendingPathComponent(name))
        }
        let outcomes = try folders.build(third)
        #expect(try StagedOutputTests.contents(of: folders.output) == third)
        #expect(try StagedOutputTests.contents(of: folders.twin) == first)
        #expect(outcomes.values.allSatisfy { $0 == .written })
        let tables = try Self.tables(in: folders)
        #expect(!tables.contains { $0.hasPrefix("output-out.table-0123456789abcdef") })
        #expect((1...2).contains(tables.count))
        #expect(try folders.build(third) == third.mapValues { _ in .unchanged })
        #expect(try StagedOutputTests.contents(of: folders.twin) == third)
    }

    @Test("A file dropped into an output kept by table and journal does not come back, and the twin holds only what builds wrote")
    func droppedFileDoesNotComeBack() throws {
        let folders = try Self.tableFolders()
        defer { folders.remove() }
        var files = Self.pages(20)
        try folders.build(files)
        try folders.build(files)
        try Data("by hand".utf8).write(to: folders.output.appendingPathComponent("questions/extra.html"))
        for round in 0..<3 {
            files["questions/\(round).html"] = "round \(round)"
            try folders.build(files)
            #expect(try StagedOutputTests.contents(of: folders.output) == files)
        }
        try folders.build(files)
        #expect(try StagedOutputTests.contents(of: folders.twin) == files)
    }
}

/// Deterministic numbers for the chain of rebuilds (a 64-bit LCG).
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
