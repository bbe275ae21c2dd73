import Foundation
import Testing
@testable import WenjinCommands

/// An output and its twin copied with `cp -a` (a backup restored, a benchmark's prepared site)
/// are new folders the build never recorded: each of their files is checked against the
/// manifests (`OwnedFolders.unlisted`) before the build may replace them.
@Suite("wenjin build over a copied output")
struct CopiedOutputTests {
    /// Replaces each folder of `names` under `root` by a `cp -a` copy of itself (new inodes,
    /// the same files, times and links).
    private static func copyInPlace(_ names: [String], in root: URL) throws {
        for name in names {
            let copy = name + ".copy"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/cp")
            process.arguments = ["-a", name, copy]
            process.currentDirectoryURL = root
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "cp -a \(name) failed")
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
            try FileManager.default.moveItem(at: root.appendingPathComponent(copy), to: root.appendingPathComponent(name))
        }
    }

    @Test("A live manifest damaged in its folder lines vouches for nothing: a file added by hand is named and kept")
    func damagedManifestKeepsAddedFile() async throws {
        let nest = try await BuildOutputPlaceTests.Nest()
        #expect(await nest.build("_site").exitCode == .success)
        #expect(await nest.build("_site").exitCode == .success)
        let state = nest.root.appendingPathComponent(".wenjin")
        var damaged = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: state.path) where name.hasSuffix(".manifest") {
            let file = state.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            guard let first = text.range(of: "\nfolder ") else { continue }
            try Data(text.replacingCharacters(in: first, with: "\nfo1der ").utf8).write(to: file)
            damaged += 1
        }
        try #require(damaged > 0)
        let added = nest.root.appendingPathComponent("_site/questions/mine.txt")
        try Data("mine".utf8).write(to: added)
        let refused = await nest.build("_site")
        #expect(refused.exitCode == .failure)
        #expect(refused.error.contains("holds files that no wenjin build wrote (questions/mine.txt)"), "\(refused.error)")
        #expect(try Data(contentsOf: added) == Data("mine".utf8))
    }

    @Test("A copied output and twin are built over, and a file added by hand deep in a copied output is named and kept")
    func copiedOutputIsCheckedFileByFile() async throws {
        let nest = try await BuildOutputPlaceTests.Nest()
        #expect(await nest.build("_site").exitCode == .success)
        #expect(await nest.build("_site").exitCode == .success)
        let live = nest.root.appendingPathComponent("_site")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: live.path).sorted()

        try Self.copyInPlace(["_site", "._site.previous"], in: nest.root)
        let rebuilt = await nest.build("_site")
        #expect(rebuilt.exitCode == .success, "\(rebuilt.error)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: live.path).sorted() == pages)

        // The output deleted, as the benchmarks do before a full build: the copied twin is checked.
        try Self.copyInPlace(["._site.previous"], in: nest.root)
        try FileManager.default.removeItem(at: live)
        let fresh = await nest.build("_site")
        #expect(fresh.exitCode == .success, "\(fresh.error)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: live.path).sorted() == pages)

        try Self.copyInPlace(["_site"], in: nest.root)
        let added = live.appendingPathComponent("questions/notes/mine.txt")
        try FileManager.default.createDirectory(at: added.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: added)
        let refused = await nest.build("_site")
        #expect(refused.exitCode == .failure)
        #expect(refused.error.contains("holds files that no wenjin build wrote (questions/notes/mine.txt)"), "\(refused.error)")
        #expect(try Data(contentsOf: added) == Data("mine".utf8))

        // A link to a folder is one file the build did not write: named, never followed.
        try FileManager.default.removeItem(at: added.deletingLastPathComponent())
        try FileManager.default.createSymbolicLink(at: live.appendingPathComponent("elsewhere"),
                                                   withDestinationURL: nest.root.appendingPathComponent("mine"))
        let linked = await nest.build("_site")
        #expect(linked.exitCode == .failure)
        #expect(linked.error.contains("holds files that no wenjin build wrote (elsewhere)"), "\(linked.error)")

        try FileManager.default.removeItem(at: live.appendingPathComponent("elsewhere"))
        let built = await nest.build("_site")
        #expect(built.exitCode == .success, "\(built.error)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: live.path).sorted() == pages)
    }

    @Test("A folder whose name is not UTF-8 in a copied output is one the build did not write: refused, and what it holds is kept")
    func folderNamedInAnotherEncodingIsRefused() async throws {
        let nest = try await BuildOutputPlaceTests.Nest()
        #expect(await nest.build("_site").exitCode == .success)
        try Self.copyInPlace(["_site"], in: nest.root)
        // "旧" in GBK: a name no manifest lists and no String spells.
        let folder = Array(nest.root.appendingPathComponent("_site/questions").path.utf8) + [0x2F, 0xBE, 0xC9]
        let file = folder + Array("/mine.txt".utf8)
        try #require(Self.withPath(folder) { mkdir($0, 0o755) } == 0)
        let written = Self.withPath(file) { path -> Int in
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
            defer { close(descriptor) }
            return descriptor < 0 ? -1 : write(descriptor, "mine", 4)
        }
        try #require(written == 4)

        let refused = await nest.build("_site")
        #expect(refused.exitCode == .failure)
        #expect(refused.error.contains("holds files that no wenjin build wrote (questions/?)"), "\(refused.error)")
        #expect(Self.withPath(file) { access($0, F_OK) } == 0)
    }

    /// Calls `body` with `bytes` as a C path, whatever their encoding.
    private static func withPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { body(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
    }
}
