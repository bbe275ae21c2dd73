import Foundation
import Testing
import WenjinTestSupport
@testable import WenjinSite

/// Checks by tools outside Swift: `tidy` for HTML validity and headless Chromium for how a
/// page opened from `file://` really renders. Skipped where the Debian packages are absent.
@Suite("External tools")
struct ExternalToolTests {
    static let tidy = "/usr/bin/tidy"

    /// One page of every kind the build writes.
    static let samples = ["index.html", "unanswered.html", "articles.html", "topics.html", "users.html", "search.html",
                          "404.html", "about.html", "questions/100.html", "questions/102.html", "articles/7.html",
                          "users/1.html", "topics/10.html"]

    @Test("A sample of every page kind is valid HTML for tidy", .enabled(if: FileManager.default.isExecutableFile(atPath: tidy)))
    func pagesAreValid() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        for path in Self.samples {
            let result = try await Self.run(Self.tidy, ["-q", "-e", "--drop-empty-elements", "no",
                                                        site.output.appendingPathComponent(path).path])
            // tidy exits 0 when clean, 1 for warnings only, 2 for errors.
            #expect(result.status < 2, "\(path): \(result.output)")
            #expect(!result.output.contains("Error:"), "\(path): \(result.output)")
        }
    }

    @Test("A page opened from file:// has Bootstrap's styles applied in headless Chromium",
          .enabled(if: HeadlessChromium.installed), .tags(.endToEnd), EndToEnd.skippable, .timeLimit(.minutes(20)))
    func bootstrapAppliesInChromium() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let styles = "getComputedStyle(document.querySelector(\"nav.navbar\")).display + \"/\""
            + " + getComputedStyle(document.querySelector(\".btn\")).borderTopLeftRadius"
        let result = try await ChromiumProbe.measure("questions/100.html", in: site.output, width: 1280, script: styles)
        // Without Bootstrap a <nav> is a block with square corners below it.
        #expect(result == "flex/6px")
    }

    @Test("The built search page finds a two-character Chinese word from file:// in headless Chromium",
          .enabled(if: HeadlessChromium.installed), .tags(.endToEnd), EndToEnd.skippable, .timeLimit(.minutes(20)))
    func searchPageFindsChineseWord() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        // 开门 appears only in the title of question 100.
        let query = "开门".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""
        let address = try #require(URL(string: site.output.appendingPathComponent("search.html").absoluteString + "?q=" + query))
        // The results' markup once search.js has marked a hit (the shared browser, a fresh context).
        let results = try await HeadlessChromium.shared.evaluate("document.querySelector('#wenjin-search-results mark') ? document.body.innerHTML : null",
                                                                 in: address, width: 1280, prefersDark: false)
        #expect(results.contains("href=\"questions/100.html\">图书馆几点<mark>开门</mark>？</a>"), "\(results.suffix(1500))")
    }

    static func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = await ChildProcessOutput.read(pipe, of: process)
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
