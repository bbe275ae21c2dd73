import Foundation
import Glibc
import Testing
@testable import WenjinSite
import WenjinBuildSupport

/// The twin output tree, driven directly: each "build" is a `StagedOutput` given the files of
/// one output, then published (or discarded, or dropped as a killed process would).
@Suite("Staged output")
struct StagedOutputTests {
    /// A temporary folder with an output folder and a state folder for the manifests.
    struct Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-staged-\(UUID().uuidString)")
        var output: URL { root.appendingPathComponent("out") }
        var twin: URL { root.appendingPathComponent(".out.previous") }
        var state: URL { root.appendingPathComponent("state") }
        /// `StagedOutput`'s `tableFloor`: 0 puts the files of even a small output in a table.
        var tableFloor = 1024

        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func staged(atomicSwap: Bool = true) throws -> StagedOutput {
            try StagedOutput(destination: output, stateFolder: state, atomicSwap: atomicSwap, tableFloor: tableFloor)
        }

        /// One whole build of `files`; returns the outcome of each write.
        @discardableResult
        func build(_ files: [String: String], atomicSwap: Bool = true) throws -> [String: StagedOutput.Outcome] {
            let staged = try staged(atomicSwap: atomicSwap)
            var outcomes: [String: StagedOutput.Outcome] = [:]
            for (path, text) in files {
                outcomes[path] = try staged.write(Array(text.utf8), to: SitePath(path))
            }
            try staged.publish()
            return outcomes
        }
    }

    /// Every file under `folder` with its text.
    static func contents(of folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return files
    }

    static func inode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.intValue)
    }

    @Test("A build into a fresh folder leaves the twin beside it, made of the live files' inodes", arguments: [1024, 0])
    func freshBuildLeavesTwin(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let files = ["index.html": "home", "questions/1.html": "one", "assets/site.css": "css"]
        try folders.build(files)
        #expect(try Self.contents(of: folders.output) == files)
        #expect(try Self.contents(of: folders.twin) == files)
        for path in files.keys {
            #expect(try Self.inode(folders.output.appendingPathComponent(path)) == Self.inode(folders.twin.appendingPathComponent(path)))
        }
    }

    @Test("Unchanged files keep the live inode, a file reverted to the twin's bytes keeps the twin's, new bytes are written", arguments: [1024, 0])
    func filesFollowTheInodeRule(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        try folders.build(["a.html": "A1", "b.html": "B"])
        let firstA = try Self.inode(folders.output.appendingPathComponent("a.html"))
        try folders.build(["a.html": "A2", "b.html": "B"])
        let b = try Self.inode(folders.output.appendingPathComponent("b.html"))
        #expect(try Self.inode(folders.output.appendingPathComponent("a.html")) != firstA)
        let outcomes = try folders.build(["a.html": "A1", "b.html": "B", "c.html": "C"])
        #expect(outcomes == ["a.html": .written, "b.html": .unchanged, "c.html": .written])
        #expect(try Self.inode(folders.output.appendingPathComponent("a.html")) == firstA)
        #expect(try Self.inode(folders.output.appendingPathComponent("b.html")) == b)
        #expect(try Self.contents(of: folders.output) == ["a.html": "A1", "b.html": "B", "c.html": "C"])
    }

    @Test("A file no longer produced leaves the live folder and then the twin, its emptied folders too", arguments: [1024, 0])
    func removedFileDisappears(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        try folders.build(["index.html": "home", "old/deep/page.html": "old"])
        try folders.build(["index.html": "home"])
        #expect(try Self.contents(of: folders.output) == ["index.html": "home"])
        #expect(!FileManager.default.fileExists(atPath: folders.output.appendingPathComponent("old").path))
        try folders.build(["index.html": "home 2"])
        #expect(try Self.contents(of: folders.output) == ["index.html": "home 2"])
        #expect(try Self.contents(of: folders.twin) == ["index.html": "home"])
        #expect(!FileManager.default.fileExists(atPath: folders.twin.appendingPathComponent("old").path))
    }

    @Test("A file the twin held under other bytes, written again, does not keep another file the build dropped", arguments: [1024, 0])
    func rewrittenFileDoesNotHideDroppedOne(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        try folders.build(["a.html": "A1", "b.html": "B", "c.html": "C"])
        try folders.build(["a.html": "A2", "b.html": "B", "c.html": "C"])
        // The twin holds a.html as A1: written anew, as new.html is, while c.html is dropped.
        try folders.build(["a.html": "A3", "b.html": "B", "new.html": "N"])
        #expect(try Self.contents(of: folders.output) == ["a.html": "A3", "b.html": "B", "new.html": "N"])
        try folders.build(["a.html": "A3", "b.html": "B", "new.html": "N"])
        #expect(try Self.contents(of: folders.output) == ["a.html": "A3", "b.html": "B", "new.html": "N"])
        #expect(try Self.contents(of: folders.twin) == ["a.html": "A3", "b.html": "B", "new.html": "N"])
    }

    @Test("A live manifest damaged past its folder lines vouches for no file: the build writes every file anew, then carries them over")
    func manifestDamagedInItsFileLines() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let files = ["index.html": "home", "questions/1.html": "one", "questions/2.html": "two"]
        try folders.build(files)
        try folders.build(files)
        // The header and folder lines stay whole (the place check reads only those); one file line breaks.
        for name in try FileManager.default.contentsOfDirectory(atPath: folders.state.path) where name.hasSuffix(".manifest") {
            let file = folders.state.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            let broken = text.replacingOccurrences(of: "questions/1.html", with: "questions/1.html\nnot a file line")
            #expect(broken != text)
            try Data(broken.utf8).write(to: file)
        }
        let damaged = try folders.staged()
        #expect(!damaged.liveIsKnown)
        #expect(damaged.liveFingerprint(SitePath("index.html")) == nil)
        damaged.discard()
        #expect(try folders.build(files) == files.mapValues { _ in .written })
        #expect(try Self.contents(of: folders.output) == files)
        #expect(try folders.build(files) == files.mapValues { _ in .unchanged })
    }

    @Test("The fallback swap by renames publishes what the exchange does, twin included", arguments: [1024, 0])
    func fallbackSwapWorks(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        try folders.build(["index.html": "one", "gone.html": "x"], atomicSwap: false)
        try folders.build(["index.html": "two"], atomicSwap: false)
        try folders.build(["index.html": "three", "new.html": "n"], atomicSwap: false)
        #expect(try Self.contents(of: folders.output) == ["index.html": "three", "new.html": "n"])
        #expect(try Self.contents(of: folders.twin) == ["index.html": "two"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folders.root.path).sorted()
        #expect(leftovers == [".out.previous", "out", "state"])
    }

    @Test("A failed build changes no byte of the live folder, and the next build starts from what it left", arguments: [1024, 0])
    func failedBuildLeavesLiveBytes(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let files = ["index.html": "home", "questions/1.html": "one", "questions/2.html": "two"]
        try folders.build(files)
        try folders.build(files)
        let before = try Self.contents(of: folders.output)
        let staged = try folders.staged()
        for path in files.keys { _ = try staged.write(Array("changed \(path)".utf8), to: SitePath(path)) }
        _ = try staged.write(Array("extra".utf8), to: SitePath("questions/3.html"))
        staged.discard()
        #expect(try Self.contents(of: folders.output) == before)
        let next = ["index.html": "home", "questions/1.html": "one 2"]
        let outcomes = try folders.build(next)
        #expect(outcomes == ["index.html": .unchanged, "questions/1.html": .written])
        #expect(try Self.contents(of: folders.output) == next)
        #expect(try Self.contents(of: folders.twin) == files)
    }

    @Test("A build killed while it modifies the twin leaves the live site, and the next build is correct", arguments: [1024, 0])
    func killedWhileModifyingTwin(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let files = ["index.html": "home", "questions/1.html": "one", "stale.html": "s"]
        try folders.build(files)
        try folders.build(files)
        // Killed: some files changed in the twin, neither discarded nor published.
        let killed = try folders.staged()
        _ = try killed.write(Array("half".utf8), to: SitePath("index.html"))
        _ = try killed.write(Array("other".utf8), to: SitePath("other.html"))
        #expect(try Self.contents(of: folders.output) == files)
        let next = ["index.html": "home", "questions/1.html": "one 2"]
        try folders.build(next)
        #expect(try Self.contents(of: folders.output) == next)
        #expect(try Self.contents(of: folders.twin) == files)
        try folders.build(next)
        #expect(try Self.contents(of: folders.output) == next)
        #expect(try Self.contents(of: folders.twin) == next)
    }

    @Test("Sidecars come back with the live folder they were published with, and not with another", arguments: [1024, 0])
    func sidecarsFollowTheLiveFolder(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let staged = try folders.staged()
        _ = try staged.write(Array("home".utf8), to: SitePath("index.html"))
        try staged.publish(sidecars: ["search": [0, 10, 255, 10], "empty": []])
        let next = try folders.staged()
        #expect(next.liveSidecar("search") == [0, 10, 255, 10])
        #expect(next.liveSidecar("empty") == [])
        #expect(next.liveSidecar("missing") == nil)
        #expect(next.liveFingerprint(SitePath("index.html")) == PageFingerprint(contents: Array("home".utf8)))
        next.discard()
        // A sidecar's file changed behind the manifest's back is refused, the others still come back.
        let sidecarFiles = try FileManager.default.contentsOfDirectory(atPath: folders.state.path).filter { $0.hasSuffix(".search") }
        #expect(sidecarFiles.count == 1)
        for name in sidecarFiles { try Data([0, 10, 254, 10]).write(to: folders.state.appendingPathComponent(name)) }
        let damaged = try folders.staged()
        #expect(damaged.liveSidecar("search") == nil)
        #expect(damaged.liveSidecar("empty") == [])
        damaged.discard()
        // A copy of the live folder is another folder: nothing it holds is vouched for.
        let copy = folders.root.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: folders.output, to: copy)
        try FileManager.default.removeItem(at: folders.output)
        try FileManager.default.moveItem(at: copy, to: folders.output)
        let afterCopy = try folders.staged()
        #expect(afterCopy.liveSidecar("search") == nil)
        #expect(afterCopy.liveFingerprint(SitePath("index.html")) == nil)
        afterCopy.discard()
    }

    @Test("A deleted live folder makes the next build a fresh one, nothing taken from the twin", arguments: [1024, 0])
    func deletedLiveFolderStartsAfresh(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        try folders.build(["index.html": "home", "old.html": "old"])
        try FileManager.default.removeItem(at: folders.output)
        let outcomes = try folders.build(["index.html": "home"])
        #expect(outcomes == ["index.html": .written])
        #expect(try Self.contents(of: folders.output) == ["index.html": "home"])
        #expect(try Self.contents(of: folders.twin) == ["index.html": "home"])
    }

    @Test("The twin set aside after a deleted live folder is gone once the build publishes, nested folders too, and a link in it is not followed", arguments: [1024, 0])
    func setAsideTwinIsRemoved(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let outside = folders.root.appendingPathComponent("outside.txt")
        try Data("keep".utf8).write(to: outside)
        try folders.build(["index.html": "home", "questions/1.html": "one", "a/b/c.html": "deep"])
        try FileManager.default.createSymbolicLink(at: folders.twin.appendingPathComponent("a/b/link"), withDestinationURL: outside)
        try FileManager.default.removeItem(at: folders.output)
        try folders.build(["index.html": "home"])
        let besides = try FileManager.default.contentsOfDirectory(atPath: folders.root.path).sorted()
        #expect(besides == [".out.previous", "out", "outside.txt", "state"])
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep")
    }

    @Test("Files checked together are kept only where the output holds them with that fingerprint, the rest left to be made", arguments: [1024, 0])
    func filesCheckedTogether(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let files = ["a.html": "A", "b.html": "B", "c.html": "C"]
        try folders.build(files)
        try folders.build(files)
        let staged = try folders.staged()
        func fingerprint(_ text: String) -> PageFingerprint { PageFingerprint(contents: Array(text.utf8)) }
        let kept = try staged.carryOver([(SitePath("a.html"), fingerprint("A")), (SitePath("b.html"), fingerprint("B2")),
                                         (SitePath("d.html"), fingerprint("D")), (SitePath("a.html"), fingerprint("A2"))])
        #expect(kept == [true, false, false, false])
        #expect(try staged.write(Array("B2".utf8), to: SitePath("b.html")) == .written)
        try staged.publish()
        #expect(try Self.contents(of: folders.output) == ["a.html": "A", "b.html": "B2"])
        #expect(try folders.build(["a.html": "A", "b.html": "B2"]) == ["a.html": .unchanged, "b.html": .unchanged])
    }

    @Test("Images are linked from their source when new and taken as they are when present", arguments: [1024, 0])
    func contentAddressedFilesAreLinked(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let source = folders.root.appendingPathComponent("abc123")
        try Data("png".utf8).write(to: source)
        let path = SitePath("images/abc123.png")
        let first = try folders.staged()
        #expect(try first.place(source.path, to: path, contentAddressed: true) == .written)
        try first.publish()
        #expect(try Self.inode(folders.output.appendingPathComponent(path.text)) == Self.inode(source))
        let second = try folders.staged()
        #expect(try second.place(source.path, to: path, contentAddressed: true) == .unchanged)
        try second.publish()
        #expect(try Self.contents(of: folders.output) == [path.text: "png"])
    }

    @Test("An image dropped from the output comes back on the next build that lists it, and counts as written there", arguments: [1024, 0])
    func droppedImageComesBack(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        var sources: [SitePath: String] = [:]
        for name in ["aaa111", "bbb222", "ccc333"] {
            let source = folders.root.appendingPathComponent(name)
            try Data(name.utf8).write(to: source)
            sources[SitePath("images/\(name).png")] = source.path
        }
        let all = sources.keys.sorted()
        let dropped = SitePath("images/bbb222.png")
        /// One build of a page and `images`; the outcome of each image.
        func build(_ images: [SitePath]) throws -> [StagedOutput.Outcome] {
            let staged = try folders.staged()
            _ = try staged.write(Array("home".utf8), to: SitePath("index.html"))
            let outcomes = try staged.placeImages(images[...]) { sources[$0]! }
            try staged.publish()
            return outcomes
        }
        #expect(try build(all) == [.written, .written, .written])
        #expect(try build(all) == [.unchanged, .unchanged, .unchanged])
        // Dropped: gone from the live folder, still in the twin (the output before), which shares its manifest's table.
        #expect(try build(all.filter { $0 != dropped }) == [.unchanged, .unchanged])
        #expect(try Self.contents(of: folders.output)[dropped.text] == nil)
        // Listed again: the twin's file is taken, but the live output lacked it.
        #expect(try build(all) == [.unchanged, .written, .unchanged])
        let expected = ["index.html": "home", "images/aaa111.png": "aaa111", "images/bbb222.png": "bbb222", "images/ccc333.png": "ccc333"]
        #expect(try Self.contents(of: folders.output) == expected)
        #expect(try build(all) == [.unchanged, .unchanged, .unchanged])
        #expect(try Self.contents(of: folders.output) == expected)
        #expect(try Self.contents(of: folders.twin) == expected)
        #expect(try Self.inode(folders.output.appendingPathComponent(dropped.text)) == Self.inode(URL(fileURLWithPath: sources[dropped]!)))
    }

    @Test("Images carried over whole are the live output's: those its journal adds, none it dropped, as the twin or the live folder holds them")
    func imagesCarriedOverWhole() throws {
        var folders = try Folders()
        defer { folders.remove() }
        var sources: [SitePath: String] = [:]
        for name in ["aaa111", "bbb222", "ccc333", "ddd444"] {
            let source = folders.root.appendingPathComponent(name)
            try Data(name.utf8).write(to: source)
            sources[SitePath("images/\(name).png")] = source.path
        }
        let (a, b, c, d) = (SitePath("images/aaa111.png"), SitePath("images/bbb222.png"), SitePath("images/ccc333.png"),
                            SitePath("images/ddd444.png"))
        /// One build of a page and its images: `images` placed one by one, or, when nil, carried
        /// over whole as the output holding those of `imageSet`; published as images of `imageSet`.
        func build(_ images: [SitePath]?, imageSet: UInt64) throws -> [StagedOutput.Outcome] {
            let staged = try folders.staged()
            _ = try staged.write(Array("home".utf8), to: SitePath("index.html"))
            let outcomes: [StagedOutput.Outcome]
            if let images {
                outcomes = try staged.placeImages(images[...]) { sources[$0]! }
            } else {
                #expect(staged.holdsImages(imageSet))
                #expect(!staged.holdsImages(imageSet &+ 1))
                outcomes = try staged.carryImages()
            }
            try staged.publish(sidecars: [SiteFileList.imageSetSidecar: SiteFileList.record(of: imageSet)])
            return outcomes
        }
        func expected(_ images: [SitePath]) -> [String: String] {
            var files = ["index.html": "home"]
            for image in images { files[image.text] = String(image.text.dropFirst("images/".count).prefix(6)) }
            return files
        }
        // A table for both folders from the first build on; then room in the journals.
        folders.tableFloor = 0
        #expect(try build([a, b, c], imageSet: 1) == [.written, .written, .written])
        folders.tableFloor = 8
        #expect(try build(nil, imageSet: 1) == [.unchanged, .unchanged, .unchanged])
        #expect(try Self.contents(of: folders.output) == expected([a, b, c]))
        // An image the live journal adds comes over from the live folder to the twin.
        #expect(try build([a, b, c, d], imageSet: 2) == [.unchanged, .unchanged, .unchanged, .written])
        let dropped = try folders.staged()
        #expect(!dropped.holdsImages(1))
        dropped.discard()
        #expect(try build(nil, imageSet: 2).count == 4)
        #expect(try Self.contents(of: folders.output) == expected([a, b, c, d]))
        #expect(try Self.inode(folders.output.appendingPathComponent(d.text)) == Self.inode(URL(fileURLWithPath: sources[d]!)))
        // An image the live journal drops stays out.
        #expect(try build([a, c, d], imageSet: 3).count == 3)
        #expect(try build(nil, imageSet: 3).count == 3)
        #expect(try Self.contents(of: folders.output) == expected([a, c, d]))
        #expect(try build(nil, imageSet: 3).count == 3)
        #expect(try Self.contents(of: folders.output) == expected([a, c, d]))
        #expect(try Self.contents(of: folders.twin) == expected([a, c, d]))
    }

    @Test("A file added to the live folder by hand does not come back from the twin in later builds", arguments: [1024, 0])
    func handAddedFileDoesNotComeBack(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let files = ["index.html": "home", "questions/1.html": "one"]
        try folders.build(files)
        try Data("by hand".utf8).write(to: folders.output.appendingPathComponent("questions/extra.html"))
        for _ in 0..<3 {
            try folders.build(files)
            #expect(try Self.contents(of: folders.output) == files)
        }
        #expect(try Self.contents(of: folders.twin) == files)
    }

    @Test("A page another program replaced in the live folder is not trusted: the next build writes every file", arguments: [1024, 0])
    func replacedLiveFileIsNotTrusted(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        let files = ["index.html": "home", "questions/1.html": "one"]
        try folders.build(files)
        try folders.build(files)
        // As the preview writes a draft into the live site: a new file renamed over the page.
        let page = folders.output.appendingPathComponent("questions/1.html")
        try Data("draft".utf8).write(to: folders.root.appendingPathComponent("draft"))
        #expect(rename(folders.root.appendingPathComponent("draft").path, page.path) == 0)
        let outcomes = try folders.build(files)
        #expect(outcomes == ["index.html": .written, "questions/1.html": .written])
        #expect(try Self.contents(of: folders.output) == files)
        #expect(try folders.build(files) == ["index.html": .unchanged, "questions/1.html": .unchanged])
        #expect(try Self.contents(of: folders.twin) == files)
    }

    @Test("A path written twice in one build holds the last bytes, even when the live site and the twin had them", arguments: [1024, 0])
    func pathWrittenTwiceHoldsTheLastBytes(tableFloor: Int) throws {
        var folders = try Folders()
        folders.tableFloor = tableFloor
        defer { folders.remove() }
        try folders.build(["robots.txt": "generated"])
        for _ in 0..<2 {
            // As a `Public/robots.txt` would be copied first, then the generated one written over it.
            let staged = try folders.staged()
            _ = try staged.write(Array("from Public".utf8), to: SitePath("robots.txt"))
            _ = try staged.write(Array("generated".utf8), to: SitePath("robots.txt"))
            try staged.publish()
            #expect(try Self.contents(of: folders.output) == ["robots.txt": "generated"])
        }
        #expect(try Self.contents(of: folders.twin) == ["robots.txt": "generated"])
    }
}
