// WenjinCrawler owns fetching a WENJIN community into the store: discovery, the queue that
// lives in the store, politeness (robots.txt, rate and connection limits, backoff,
// Retry-After), resume after a kill, incremental re-crawls and the downloaded images.
// It must not know about sites, themes or commands: the command hands it `CrawlOptions`.

import Foundation
import Synchronization
import WenjinAPI
import WenjinSanitizer
import WenjinStore

/// Crawls one community into one store. `run` can be called again later: it resumes an
/// interrupted crawl, or else fetches only what is new or changed and re-tries what failed.
package final class Crawler: Sendable {
    let options: CrawlOptions
    let store: Store
    let client: PoliteClient
    let assets: AssetFolder
    let assetHosts: AssetHostPolicy
    /// Reads images out of bodies with the sanitizer's own parser (never patterns over HTML).
    let bodies: Sanitizer
    private let tally = Mutex(Tally())

    /// What this run did so far; shared by the workers.
    struct Tally {
        var done = 0
        var failed = 0
        var disallowed = 0
        var assetsStored = 0
        var assetsMissing = 0
        var unreadableRows = 0
        var listsEndedEarly = 0
        var redirectsRefused = 0
        var bodiesRefused = 0
        var examples: [String] = []
        var deleted = 0
        var restored = 0
        var profilesChanged = 0
    }

    package init(options: CrawlOptions, store: Store) {
        self.options = options
        self.store = store
        client = PoliteClient(options: options)
        assets = AssetFolder(options.assetsFolder)
        assetHosts = AssetHostPolicy(source: options.source, assetHosts: options.assetHosts)
        bodies = Sanitizer(hosts: CommunityHosts(source: options.source.text), resolver: OriginalsResolver())
    }

    /// Crawls until the queue is empty (or `maxRequests` is reached) and says what it did.
    /// Throws when the crawl cannot start, or stops because too many tasks failed.
    package func run(progress: @escaping @Sendable (CrawlEvent) -> Void = { _ in }) async throws(CrawlError) -> CrawlSummary {
        let started = ContinuousClock.now
        let start = try storing { () throws -> QueueStart in
            try store.write { writer in try Self.prepareQueue(writer, source: options.source, reverifyShare: options.reverifyShare) }
        }
        let baseline = try storing { try store.read { try ChangeBaseline.read($0) } }
        progress(.started(resumed: start.resumed, pending: start.pending, done: start.done))
        if let problem = await client.sourceRobotsProblem() {
            throw CrawlError(.robotsUnavailable(problem), location: options.source.text + "robots.txt")
        }
        var summary = CrawlSummary()
        summary.resumed = start.resumed
        summary.reverified = start.reverified
        if let credentials = options.credentials {
            do {
                try await client.login(credentials)
            } catch {
                throw CrawlError(.loginFailed(error), location: options.source.text)
            }
            summary.loggedIn = true
        } else {
            progress(.warning("""
                crawling logged out: WENJIN shows guests only one answer per question. Set the login \
                variables named in site.json (source.login) to crawl every answer.
                """))
        }
        let stoppedEarly = try await dispatch(progress: progress)
        try storing {
            try store.write { writer in
                try writer.requeueInterrupted()
                let pending = try writer.reader.queueSummary()[.pending] ?? 0
                if pending == 0 { try writer.setMeta(.crawlFinishedAt, Date().formatted(.iso8601)) }
            }
        }
        let counts = client.counts
        let final = tally.withLock { $0 }
        summary.requests = counts.requests
        summary.retries = counts.retries
        summary.tasksDone = final.done
        summary.tasksFailed = final.failed
        summary.disallowed = final.disallowed
        summary.assetsStored = final.assetsStored
        summary.assetsMissing = final.assetsMissing
        summary.unreadableRows = final.unreadableRows
        summary.listsEndedEarly = final.listsEndedEarly
        summary.redirectsRefused = final.redirectsRefused
        summary.bodiesRefused = final.bodiesRefused
        summary.stoppedEarly = stoppedEarly
        summary.changes = try storing {
            try baseline.map { baseline in
                try store.read { reader in
                    try baseline.changes(now: reader, deleted: final.deleted, restored: final.restored,
                                         profilesChanged: final.profilesChanged)
                }
            }
        }
        summary.seconds = (ContinuousClock.now - started).seconds
        try checkFailureShare(final, minimum: 1)
        return summary
    }

    struct QueueStart {
        var resumed: Bool
        var pending: Int
        var done: Int
        /// Items queued for re-verification.
        var reverified: Int
    }

    /// Readies the queue: an interrupted crawl continues as it was, otherwise the lists are
    /// read again from their first page and the share of items verified longest ago is queued;
    /// earlier failures are tried again either way.
    static func prepareQueue(_ writer: StoreWriter, source: APIBaseURL, reverifyShare: Double) throws -> QueueStart {
        let interrupted = try writer.requeueInterrupted()
        let states = try writer.reader.queueSummary()
        let resumed = interrupted > 0 || (states[.pending] ?? 0) > 0
        var reverified = 0
        if !resumed {
            try writer.redo(.explore(page: 1))
            try writer.redo(.topicSquare(page: 1))
            try ChangeBaseline.begin(writer)
            try writer.setMeta(.crawlFinishedAt, nil)
            reverified = try queueReverification(writer, share: reverifyShare)
        }
        // Whatever failed before is tried again, whether this run resumes or starts over.
        for task in try FailedTasks.takeAll(in: writer) { try writer.requeue(task, priority: CrawlJob(task)?.priority ?? 0) }
        try writer.setMeta(.sourceURL, source.text)
        try writer.setMeta(.crawlStartedAt, Date().formatted(.iso8601))
        let after = try writer.reader.queueSummary()
        return QueueStart(resumed: resumed, pending: after[.pending] ?? 0, done: after[.done] ?? 0, reverified: reverified)
    }

    private enum WorkOutcome: Sendable {
        case finished
        /// The request budget ran out or the crawl is stopping; the task stays queued.
        case interrupted
    }

    /// Runs the queue with one worker per allowed connection. Returns whether it stopped at
    /// the request budget with work left.
    private func dispatch(progress: @escaping @Sendable (CrawlEvent) -> Void) async throws(CrawlError) -> Bool {
        let workers = max(1, options.connectionsPerHost)
        do {
            return try await withThrowingTaskGroup(of: WorkOutcome.self) { group in
                var buffer: [DueTask] = []
                var running = 0
                var stopped = false
                var lastReport = ContinuousClock.now - .seconds(1)
                var queued = 0
                while true {
                    while running < workers, !stopped {
                        if buffer.isEmpty { buffer = try store.write { try $0.takeDue(limit: workers * 4) } }
                        guard !buffer.isEmpty else { break }
                        let due = buffer.removeFirst()
                        group.addTask { try await self.work(due, progress: progress) }
                        running += 1
                    }
                    if running == 0 {
                        if stopped { break }
                        guard let next = try store.read({ try $0.nextAttemptTime() }) else { break }
                        try await Task.sleep(for: .seconds(max(0.01, next.timeIntervalSinceNow)))
                        continue
                    }
                    guard let outcome = try await group.next() else { break }
                    running -= 1
                    if case .interrupted = outcome { stopped = true }
                    let now = ContinuousClock.now
                    if now - lastReport >= .milliseconds(250) {
                        lastReport = now
                        queued = try store.read { reader in
                            let states = try reader.queueSummary()
                            return (states[.pending] ?? 0) + (states[.running] ?? 0)
                        }
                    }
                    let current = tally.withLock { $0 }
                    progress(.progress(done: current.done, queued: queued, requests: client.counts.requests, failed: current.failed))
                    do {
                        try checkFailureShare(current, minimum: 50)
                    } catch {
                        group.cancelAll()
                        throw error
                    }
                }
                return stopped
            }
        } catch let error as CrawlError {
            throw error
        } catch is CancellationError {
            return true
        } catch {
            throw CrawlError.storing(error, path: store.path)
        }
    }

    /// Performs one task and stores what it produced together with its new state.
    private func work(_ due: DueTask, progress: @Sendable (CrawlEvent) -> Void) async throws -> WorkOutcome {
        let task = due.task
        guard let job = CrawlJob(task) else {
            try recordFailure(task, error: "unknown task kind", response: nil, progress: progress)
            return .finished
        }
        do {
            let writes = try await perform(job)
            try store.write { writer in
                try writes(writer)
                try confirmed(job, in: writer)
                try writer.markDone(task)
            }
            tally.withLock { $0.done += 1 }
        } catch let failure as PoliteClient.Failure {
            if Task.isCancelled { return .interrupted }
            switch failure {
            case .budgetExhausted:
                return .interrupted
            case .disallowed(let url):
                try store.write { writer in
                    try writer.markFailed(task, error: "disallowed by robots.txt: \(url)", retryAt: nil)
                    try FailedTasks.add(task, in: writer)
                }
                tally.withLock { $0.disallowed += 1 }
            case .failed(let error, let response):
                switch error.reason {
                case .cancelled: return .interrupted
                case .redirectRefused: count { $0.redirectsRefused += 1 }
                case .tooLarge, .compressedBody: count { $0.bodiesRefused += 1 }
                default: break
                }
                if error.saysEntityMissing, job.deletable != nil {
                    try store.write { writer in
                        try recordMissing(job, response: response, in: writer)
                        try writer.markDone(task)
                    }
                    tally.withLock { $0.done += 1 }
                    return .finished
                }
                try recordFailure(task, error: error.description, response: response, progress: progress)
            }
        }
        return .finished
    }

    private func recordFailure(_ task: CrawlTask, error: String, response: APIResponse?,
                               progress: @Sendable (CrawlEvent) -> Void) throws {
        try store.write { writer in
            if let response, let raw = Self.raw(response, error: error) { try writer.put(raw) }
            try writer.markFailed(task, error: error, retryAt: nil)
            try FailedTasks.add(task, in: writer)
        }
        tally.withLock { tally in
            tally.failed += 1
            if tally.examples.count < 5 { tally.examples.append("\(task): \(error)") }
        }
        progress(.taskFailed(task: task.description, error: error))
    }

    private func checkFailureShare(_ tally: Tally, minimum: Int) throws(CrawlError) {
        let finished = tally.done + tally.failed
        guard finished >= minimum, tally.failed > 0,
              Double(tally.failed) / Double(finished) > options.maxFailureShare else { return }
        throw CrawlError(.tooManyFailures(failed: tally.failed, finished: finished, allowedShare: options.maxFailureShare),
                         location: options.source.text, examples: tally.examples)
    }

    func count(_ change: (inout Tally) -> Void) { tally.withLock { change(&$0) } }

    /// Keeps a response in the store. Rows of it that could not be read are errors on those
    /// items: named in the stored response and counted in the summary; the rest is used.
    /// `listEnd` marks a page where its list ended early.
    func keep(_ response: APIResponse, unreadable: [APIError] = [], listEnd: ListEnd? = nil, in writer: StoreWriter) throws {
        var notes: [String] = []
        if !unreadable.isEmpty {
            notes.append("\(unreadable.count) unreadable rows: " + unreadable.map(\.description).joined(separator: "; "))
        }
        if let listEnd { notes.append(listEnd.note) }
        if let raw = Self.raw(response, error: notes.isEmpty ? nil : notes.joined(separator: "; ")) { try writer.put(raw) }
        if !unreadable.isEmpty { count { $0.unreadableRows += unreadable.count } }
        if listEnd != nil { count { $0.listsEndedEarly += 1 } }
    }

    /// A response as the store keeps it.
    static func raw(_ response: APIResponse, error: String? = nil) -> RawResponse? {
        guard let url = URL(string: response.url) else { return nil }
        return RawResponse(url: url, status: response.status, fetchedAt: Date(), etag: response.etag,
                           lastModified: response.lastModified, contentType: response.contentType,
                           body: response.body, error: error)
    }

    private func storing<T>(_ body: () throws -> T) throws(CrawlError) -> T {
        do { return try body() } catch { throw CrawlError.storing(error, path: store.path) }
    }
}
