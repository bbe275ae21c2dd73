import Testing
import WenjinConfig
import WenjinSite
@testable import WenjinCommands

@Suite("wenjin entry point")
struct WenjinMainTests {
    @Test("--version prints the tool name and version on stdout and exits 0")
    func versionIsPrinted() async {
        let run = await runWenjin("--version")
        #expect(run.exitCode == .success)
        #expect(run.output == "wenjin \(WenjinMain.version)\n")
        #expect(run.error.isEmpty)
    }

    @Test("--help lists every command of the design's table on stdout and exits 0")
    func helpListsEveryCommand() async {
        let run = await runWenjin("--help")
        #expect(run.exitCode == .success)
        for name in ["crawl", "build", "serve", "check", "stats", "sanitize", "drafts",
                     "sample-server", "sample-stats", "demo"] {
            #expect(run.output.contains("\n  \(name) "), "missing \(name)")
        }
        #expect(run.error.isEmpty)
    }

    @Test("an unknown command exits 64 with one error block suggesting the closest command")
    func unknownCommandSuggests() async {
        let run = await runWenjin("biuld")
        #expect(run.exitCode == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error == """
            wenjin: unknown command 'biuld'
              where: wenjin, argument 1
              why:   wenjin has no such command
              fix:   did you mean 'build'? Or see 'wenjin --help'.

            """)
    }

    @Test("an unknown option exits 64 and suggests the command's closest option")
    func unknownOptionSuggests() async {
        let run = await runWenjin("crawl", "--sorce", "http://127.0.0.1:1")
        #expect(run.exitCode == .usage)
        #expect(run.error.hasPrefix("wenjin: unknown option '--sorce'\n"))
        #expect(run.error.contains("where: wenjin crawl, argument 2"))
        #expect(run.error.contains("did you mean '--source'?"))
    }

    @Test("a bad number exits 64 and says which numbers are allowed")
    func badNumberIsUsageError() async {
        let run = await runWenjin("serve", "--port", "80x")
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("invalid value '80x' for --port"))
        #expect(run.error.contains("expected a whole number from 0 to 65535"))
    }

    @Test("no command at all is bad usage pointing at --help")
    func noCommandIsUsageError() async {
        let run = await runWenjin()
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("no command given"))
        #expect(run.error.contains("'wenjin --help'"))
    }

    @Test("serve in a folder without a store fails with exit 1 and says to crawl first")
    func serveWithoutStoreFails() async {
        let run = await runWenjin("serve")
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("there is no store yet"))
        #expect(run.error.contains("run `wenjin crawl` first"))
    }

    @Test("an error that is not user-facing is still reported as one block with exit 1")
    func plainErrorIsReported() {
        struct Opaque: Error {}
        let report = ErrorReport(Opaque())
        #expect(report.exitCode == .failure)
        #expect(report.text.hasPrefix("wenjin: Opaque()\n"))
        #expect(report.text.hasSuffix("\n"))
        #expect(report.text.split(separator: "\n").count == 2)
    }

    @Test("an error quoting a hostile server prints its control characters escaped, keeping the block's lines")
    func hostileTextInAnErrorIsEscaped() {
        struct Quoting: UserFacingError {
            var failure: String { "the crawl stopped" }
            var location: String? { nil }
            var cause: String? { "for example:\n  问题 1: \u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}gnp.exe" }
            var remedy: String? { nil }
        }
        let text = ErrorReport(Quoting()).text
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\u{202E}gnp.exe"))
        #expect(text.split(separator: "\n").count == 3)
    }

    @Test("a site.json error is reported as one block with where and how to fix it")
    func siteConfigErrorBlock() {
        let error = SiteConfigError(file: "site.json", line: 3, column: 5, keyPath: "crawl.requestsPerSecnd",
                                    reason: .unknownKey(suggestion: "requestsPerSecond", known: ["requestsPerSecond"]))
        let report = ErrorReport(error)
        #expect(report.exitCode == .failure)
        #expect(report.text == """
            wenjin: site.json cannot be used: unknown key 'crawl.requestsPerSecnd'
              where: site.json:3:5
              fix:   did you mean 'requestsPerSecond'?

            """)
    }
}
