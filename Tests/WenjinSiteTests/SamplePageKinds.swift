import Foundation
import Testing
import WenjinTestSupport
import WenjinModel

/// One built page of every kind, from a crawl of the sample community, for the checks by
/// outside tools (the W3C validator, axe-core): the lists and their second pages, the fixed
/// pages, the question with the most answers, one with an anonymous answer, an article, a
/// user, a topic and a taken-down question's notice.
struct SamplePageKinds {
    let site: SampleCommunityBuildTests.CrawledSite
    /// Output-relative paths, each a different kind of page.
    let pages: [String]

    static func build() async throws -> SamplePageKinds {
        let site = try await SampleCommunityBuildTests.CrawledSite(questions: 40)
        let (questions, answers, articles, users, topics) = try site.store.read { reader in
            let questions = try reader.questions()
            return (questions, try questions.map { try reader.answers(of: $0.id) }, try reader.articles(), try reader.users(),
                    try reader.topics())
        }
        let mostAnswered = try #require(zip(questions, answers).max { $0.1.count < $1.1.count }?.0)
        let withAnonymous = zip(questions, answers).first { $0.1.contains(where: \.isAnonymous) }?.0
        let takenDown = try #require(questions.last { $0.id != mostAnswered.id && $0.id != withAnonymous?.id })
        try Data(#"{"questions": [\#(takenDown.id.rawValue)]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        _ = try site.build()
        var pages = ["index.html", "index-2.html", "unanswered.html", "articles.html", "topics.html", "users.html",
                     "search.html", "404.html", "about.html", "questions/\(mostAnswered.id.rawValue).html",
                     "questions/\(takenDown.id.rawValue).html"]
        if let withAnonymous { pages.append("questions/\(withAnonymous.id.rawValue).html") }
        if let article = articles.first { pages.append("articles/\(article.id.rawValue).html") }
        if let user = users.first { pages.append("users/\(user.id.rawValue).html") }
        if let topic = topics.first { pages.append("topics/\(topic.id.rawValue).html") }
        let existing = pages.filter { FileManager.default.fileExists(atPath: site.output.appendingPathComponent($0).path) }
        #expect(existing == pages, "pages missing from the build")
        return SamplePageKinds(site: site, pages: existing)
    }

    /// Runs a tool and returns its exit status, standard output and standard error (the
    /// latter through a file, so that neither pipe can fill and block the tool), with
    /// `environment` added to the test process's.
    static func run(_ tool: String, _ arguments: [String], in folder: URL,
                    environment: [String: String] = [:]) async throws -> (status: Int32, output: String, errors: String) {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-tool-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        // Off Swift's cooperative pool (two threads here): axe and the validator run for many seconds.
        let data = await ChildProcessOutput.read(output, of: process)
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errors)
    }

    /// Whether `tool` is on the PATH.
    static func has(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }
}
