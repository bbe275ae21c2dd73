import Foundation
import Synchronization
import WenjinAPI
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// Every request the sample server saw: target and arrival time.
final class RequestLog: Sendable {
    private let entries = Mutex<[(target: String, time: Date)]>([])

    func record(_ target: String, _ time: Date) { entries.withLock { $0.append((target, time)) } }

    var all: [(target: String, time: Date)] { entries.withLock { $0 } }

    /// API and image requests, without robots.txt and login (sent once per run by design).
    var contentTargets: [String] {
        all.map(\.target).filter { $0 != "/robots.txt" && !$0.contains("login_process") }
    }

    func clear() { entries.withLock { $0.removeAll() } }
}

/// A sample community on a loopback server and a temporary site folder to crawl it into.
final class SampleSite: Sendable {
    let community: SampleCommunity
    let flavor: SampleAPI.Flavor
    let server: SampleServer
    let log = RequestLog()
    let folder: URL
    private let ownsFolder: Bool

    /// `port` and `folder` let a later, larger community take the place of an earlier one
    /// (same address, same store), as a real community grows between two crawls.
    convenience init(questions: Int, flavor: SampleAPI.Flavor = .wenjin, editedAnswers: Int = 0, faults: SampleFaults.Spec? = nil,
                     robotsTxt: String = SampleAPI.defaultRobotsTxt, port: Int = 0, folder: URL? = nil) throws {
        try self.init(community: .init(seed: 2015, questions: questions, editedAnswers: editedAnswers), flavor: flavor,
                      faults: faults, robotsTxt: robotsTxt, port: port, folder: folder)
    }

    /// A community with later changes (`SampleCommunity.Options`), usually in an earlier site's place.
    init(community options: SampleCommunity.Options, flavor: SampleAPI.Flavor = .wenjin, faults: SampleFaults.Spec? = nil,
         robotsTxt: String = SampleAPI.defaultRobotsTxt, port: Int = 0, folder: URL? = nil) throws {
        community = SampleCommunity(options)
        self.flavor = flavor
        let log = self.log
        server = SampleServer(api: SampleAPI(community: community, flavor: flavor, robotsTxt: robotsTxt),
                              faults: faults.map { SampleFaults(spec: $0, seed: Self.faultSeed) }, port: port) { log.record($0, $1) }
        try server.start()
        ownsFolder = folder == nil
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-crawler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    }

    deinit {
        server.stop()
        if ownsFolder { try? FileManager.default.removeItem(at: folder) }
    }

    static let faultSeed: UInt64 = 7

    var base: APIBaseURL { APIBaseURL(server.baseURL!.absoluteString)! }

    /// A sample user who can log in.
    var userName: String { community.users[0].userName }

    /// How much faster than real time a test crawl waits before a retry: a `Retry-After: 1`
    /// holds the host for 10 ms, so the suite checks the wait without spending the second.
    static let retryWaitScale = 0.01

    /// Crawl options for the sample: no delay, short backoff, retry waits at `retryWaitScale`,
    /// logged in unless told otherwise, the server's flavor as site.json would name it.
    func options(loggedIn: Bool = true, store name: String = "store") -> CrawlOptions {
        var options = CrawlOptions(source: base, assetsFolder: folder.appendingPathComponent(name).appendingPathComponent("assets"))
        options.flavor = CrawlOptions.Flavor(rawValue: flavor.rawValue)!
        if loggedIn { options.credentials = .init(userName: userName, password: SampleAPI.password) }
        options.requestsPerSecond = 0
        options.connectionsPerHost = 4
        options.retries = 6
        options.backoffBase = .milliseconds(20)
        options.backoffMax = .milliseconds(200)
        options.retryWaitScale = Self.retryWaitScale
        // Generous: the whole suite on two cores can hold a loopback answer for seconds, and a
        // timeout there makes rightful retries that a test replaying the server's decisions would
        // misread, or fails a list. Tests of timeouts and deadlines set their own.
        options.timeout = .seconds(60)
        return options
    }

    func openStore(_ name: String = "store") throws -> Store {
        try Store.open(at: folder.appendingPathComponent(name).appendingPathComponent(Store.fileName))
    }

    /// One crawl into the named store with the sample's options.
    @discardableResult
    func crawl(_ name: String = "store", loggedIn: Bool = true, reverifyShare: Double = CrawlOptions.defaultReverifyShare,
               events: @escaping @Sendable (CrawlEvent) -> Void = { _ in }) async throws -> (CrawlSummary, Store) {
        let store = try openStore(name)
        var options = options(loggedIn: loggedIn, store: name)
        options.reverifyShare = reverifyShare
        let summary = try await Crawler(options: options, store: store).run(progress: events)
        return (summary, store)
    }
}
