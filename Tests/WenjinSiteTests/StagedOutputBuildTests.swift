import Foundation
import Glibc
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// Whole builds over the twin output tree: however many incremental builds ran, the live
/// output is what a full build writes, and the twin is exactly the previous output.
@Suite("Staged output builds")
struct StagedOutputBuildTests {
    private static let base = Date(timeIntervalSince1970: 1_431_000_000)

    /// 35 questions in topic 11, so the topic's list has a second page.
    private func addManyQuestions(to site: FixtureSite, topics: [TopicID]) throws {
        try site.store.write { writer in
            for number in 0..<35 {
                let time = Self.base.addingTimeInterval(Double(number) * 3600)
                try writer.upsert(Question(id: QuestionID(rawValue: 300 + number), title: "第 \(number) 个问题", askerID: 2,
                                           addTime: time, updateTime: time, topicIDs: topics))
            }
        }
    }

    @Test("After three builds with changes in between, the output equals a fresh full build and the twin the previous output")
    func repeatedBuildsEqualAFullBuild() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let twin = site.root.appendingPathComponent("._site.previous")
        _ = try site.build()
        #expect(try FixtureSite.files(under: twin, withLibraries: true) == FixtureSite.files(under: site.output, withLibraries: true))
        try addManyQuestions(to: site, topics: [11])
        _ = try site.build()
        let second = try FixtureSite.files(under: site.output, withLibraries: true)
        try site.store.write { writer in
            guard var question = try writer.reader.question(100) else { return }
            question.title = "图书馆周末几点开门？"
            try writer.upsert(question)
            try writer.upsert(User(id: 2, userName: "wang", nickName: "小王"))
        }
        let third = try site.build()
        #expect(third.pagesWritten > 0 && third.pagesUnchanged > 0)
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: fresh)
        #expect(try FixtureSite.files(under: site.output, withLibraries: true) == FixtureSite.files(under: fresh, withLibraries: true))
        #expect(try FixtureSite.files(under: twin, withLibraries: true) == second)
    }

    @Test("A page that leaves the store's page plan disappears from the output and then from the twin")
    func pageLeavingThePlanDisappears() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let twin = site.root.appendingPathComponent("._site.previous")
        try addManyQuestions(to: site, topics: [11])
        _ = try site.build()
        let secondPage = SiteLayout.topic(TopicID(rawValue: 11), page: 2).text
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(secondPage).path))
        try addManyQuestions(to: site, topics: [])
        _ = try site.build()
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent(secondPage).path))
        _ = try site.build()
        #expect(!FileManager.default.fileExists(atPath: twin.appendingPathComponent(secondPage).path))
        #expect(try FixtureSite.files(under: twin, withLibraries: true) == FixtureSite.files(under: site.output, withLibraries: true))
    }

    @Test("A build that fails after writing its pages changes no byte and no inode of the live site, and the next build is whole")
    func failureAfterPagesLeavesLiveSite() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        _ = try site.build()
        let bytes = try FixtureSite.files(under: site.output, withLibraries: true)
        let inodes = try self.inodes(under: site.output)
        try site.store.write { writer in
            guard var question = try writer.reader.question(101) else { return }
            question.title = "C++ 和 Rust 选哪个？"
            try writer.upsert(question)
        }
        // A socket in Public/ cannot be read: the build fails copying files, its pages written.
        let publicFolder = site.root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        let socketFile = publicFolder.appendingPathComponent("unreadable")
        try makeSocket(at: socketFile.path)
        let error = #expect(throws: SiteError.self) { try site.build() }
        #expect(error?.step == .copyFiles)
        #expect(try FixtureSite.files(under: site.output, withLibraries: true) == bytes)
        #expect(try self.inodes(under: site.output) == inodes)
        try FileManager.default.removeItem(at: socketFile)
        _ = try site.build()
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: fresh)
        #expect(try FixtureSite.files(under: site.output, withLibraries: true) == FixtureSite.files(under: fresh, withLibraries: true))
    }

    private func inodes(under folder: URL) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            result[path] = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        }
        return result
    }

    /// A Unix socket bound at `path`: a name that exists but whose contents cannot be read.
    private func makeSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
    }
}
