import Foundation
import Synchronization
import WenjinAPI
import WenjinConfig
import WenjinCrawler
import WenjinSite
import WenjinStore

/// `wenjin crawl [--source URL] [--max-requests N] [--full]`
enum CrawlCommand {
    static let source = Parameter.option(
        "source", value: "URL", kind: .webURL,
        help: "Base URL of the community to fetch; wins over source.baseURL in site.json.")
    static let maxRequests = Parameter.option(
        "max-requests", value: "N", kind: .integer(1...Int.max),
        help: "Stop after N requests; the next crawl resumes where this one stopped.")
    static let full = Parameter.flag(
        "full", help: "Re-verify every stored question, user and article, not only crawl.reverifyShare of them.")

    static let declaration = CommandDeclaration(
        name: "crawl",
        summary: "Fetch the community into the store; resumable, and a second run fetches only what changed.",
        discussion: """
            Questions, answers, comments, users, topics, articles and images go into .wenjin/ \
            (the store named in site.json). A killed crawl resumes where it stopped. The login is \
            read from the environment variables named in site.json (source.login). Each crawl also \
            fetches again the share crawl.reverifyShare (default 0.05) of stored questions, users and \
            articles verified longest ago, to find edits, deletions and comments the lists do not show.
            """,
        parameters: [source, maxRequests, full],
        action: run)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let sourceURL = invocation.arguments.url(source) ?? config.source.baseURL
        guard let sourceURL, let base = APIBaseURL(sourceURL.absoluteString) else {
            // Neither site.json nor the command line says where the community is.
            throw CommandLineError(commandPath: invocation.commandPath, reason: .missingOption("--source"))
        }
        let storeFolder = config.resolve(config.store.directory)
        let store = try Store.open(at: storeFolder.appendingPathComponent(Store.fileName))
        var options = crawlOptions(config, base: base, assets: storeFolder.appendingPathComponent("assets"),
                                   environment: invocation.environment)
        options.maxRequests = invocation.arguments.integer(maxRequests)
        if invocation.arguments.isSet(full) { options.reverifyShare = 1 }
        let summary = try await crawl(options: options, store: store, console: invocation.console)
        invocation.console.output(describe(summary, counts: try store.counts()))
        return .success
    }

    /// The crawler's options from site.json; the password comes from the environment only.
    static func crawlOptions(_ config: SiteConfig, base: APIBaseURL, assets: URL, environment: [String: String]) -> CrawlOptions {
        let crawl = config.crawl
        var options = CrawlOptions(source: base, assetsFolder: assets)
        options.flavor = CrawlOptions.Flavor(rawValue: config.source.flavor.rawValue) ?? .wenjin
        if let login = config.source.login.credentials(in: environment) {
            options.credentials = .init(userName: login.user, password: login.password)
        }
        options.requestsPerSecond = crawl.requestsPerSecond
        options.connectionsPerHost = crawl.connectionsPerHost
        options.retries = crawl.retries
        options.backoffBase = crawl.backoffBase
        options.backoffMax = crawl.backoffMax
        options.timeout = crawl.timeout
        options.deadline = crawl.deadline
        options.maxResponseBytes = crawl.maxResponseBytes
        options.userAgent = crawl.userAgent
        options.obeyRobotsTxt = crawl.obeyRobotsTxt
        options.maxFailureShare = crawl.maxFailureShare
        options.maxAssetBytes = crawl.maxAssetBytes
        options.reverifyShare = crawl.reverifyShare
        options.assetHosts = crawl.assetHosts
        return options
    }

    /// Runs a crawl with a progress bar (or log lines) on stderr; also what `wenjin demo` calls.
    static func crawl(options: CrawlOptions, store: Store, console: Console) async throws -> CrawlSummary {
        let reporter = ProgressReporter(step: "crawl", console: console)
        let view = EventView(reporter: reporter)
        let crawler = Crawler(options: options, store: store)
        do {
            let crawl = Task { try await crawler.run(progress: view.show) }
            // Ctrl-C stops the crawl between requests: what is stored stays, the rest stays queued.
            let watcher = Task {
                await Interruption.wait()
                crawl.cancel()
            }
            let summary = try await crawl.value
            watcher.cancel()
            reporter.finish(detail: String(format: "%d requests, %.0f/s, %d failed", summary.requests,
                                           summary.requestsPerSecond, summary.tasksFailed))
            return summary
        } catch {
            reporter.finish(detail: "stopped")
            throw error
        }
    }

    /// Shows crawl events: progress on the bar, warnings and the first failures as notes.
    private final class EventView: Sendable {
        let reporter: ProgressReporter
        private let seen = Mutex((done: 0, failures: 0))

        init(reporter: ProgressReporter) { self.reporter = reporter }

        func show(_ event: CrawlEvent) {
            switch event {
            case .started(let resumed, let pending, let done):
                if resumed { reporter.note("resuming an interrupted crawl: \(pending) tasks queued, \(done) done") }
            case .warning(let message):
                reporter.note("warning: " + message)
            case .progress(let done, let queued, _, _):
                reporter.setTotal(done + queued)
                let step = seen.withLock { seen in
                    defer { seen.done = max(seen.done, done) }
                    return max(0, done - seen.done)
                }
                reporter.advance(by: step)
            case .taskFailed(let task, let error):
                let count = seen.withLock { seen in
                    seen.failures += 1
                    return seen.failures
                }
                if count <= CrawlCommand.maxFailureNotes {
                    reporter.note("failed: \(task): \(error)")
                } else if count == CrawlCommand.maxFailureNotes + 1 {
                    reporter.note("(further failures are counted, not shown)")
                }
            }
        }
    }

    static let maxFailureNotes = 20

    /// One line of what changed upstream since the last crawl.
    static func describe(_ changes: ArchiveChanges) -> String {
        guard !changes.isEmpty else { return "changes found: none" }
        let parts = [(changes.edited, "edited"), (changes.deleted, "deleted upstream"), (changes.restored, "restored upstream"),
                     (changes.newComments, "new comments"), (changes.profilesChanged, "profiles changed")]
        return "changes found: " + parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    static func describe(_ summary: CrawlSummary, counts: StoreCounts) -> String {
        var lines = [String(format: "crawled%@ in %.1f s: %d requests (%.0f/s), %d retries, %d tasks done, %d failed",
                            summary.resumed ? " (resumed)" : "", summary.seconds, summary.requests, summary.requestsPerSecond,
                            summary.retries, summary.tasksDone, summary.tasksFailed)]
        if summary.disallowed > 0 { lines.append("\(summary.disallowed) URLs skipped: robots.txt disallows them") }
        if summary.unreadableRows > 0 {
            lines.append("\(summary.unreadableRows) rows could not be read; their responses are kept raw in the store")
        }
        if summary.reverified > 0 { lines.append("\(summary.reverified) stored items re-verified against the source") }
        if let changes = summary.changes { lines.append(describe(changes)) }
        if summary.listsEndedEarly > 0 {
            lines.append("\(summary.listsEndedEarly) lists ended early, at a page that repeated the one before (the server "
                + "promised more rows than it sent) or after \(Crawler.maxAnswerPages) pages of one question's answers; "
                + "each such page says so in the store")
        }
        if summary.redirectsRefused > 0 {
            lines.append("\(summary.redirectsRefused) requests redirected outside the source's origin: not followed, their tasks failed")
        }
        if summary.bodiesRefused > 0 {
            lines.append("\(summary.bodiesRefused) responses refused: larger than crawl.maxResponseBytes (images: maxAssetBytes) or compressed")
        }
        if summary.assetsMissing > 0 { lines.append("\(summary.assetsMissing) images missing on the server (recorded)") }
        if summary.stoppedEarly { lines.append("stopped before the end (--max-requests or Ctrl-C); run `wenjin crawl` again to go on") }
        lines.append("store: \(counts.questions) questions, \(counts.answers) answers, \(counts.comments) comments, "
            + "\(counts.users) users, \(counts.topics) topics, \(counts.articles) articles, "
            + "\(counts.articleComments) article comments, \(counts.assets) assets")
        return lines.joined(separator: "\n")
    }
}
