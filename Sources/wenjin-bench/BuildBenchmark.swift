// `wenjin build` on a crawled site folder, one build per process as a user runs it: a full
// build with the sanitizer cache cold, a full build with it warm, and a rebuild after one
// question changed; pages/s, the process's peak RSS and the search index's size against the
// text it indexes. `--prepare` crawls the sample community into the folder first, in a
// process of its own, so no build's peak RSS includes the crawl's.
import Dispatch
import Foundation
import Synchronization
import WenjinConfig
import WenjinCrawler
import WenjinSample
import WenjinSite
import WenjinStore

enum BuildBenchmark {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = "usage: wenjin-bench build --site DIR (--prepare QUESTIONS | --step cold|warm|rebuild|takedown-answer|takedown-question|takedown-user)"
    static let steps = ["cold", "warm", "rebuild", "takedown-answer", "takedown-question", "takedown-user"]

    /// `--site DIR`: a site folder whose store was crawled by `--prepare N` (an N-question sample
    /// community). `--step cold` builds it for the first time (its sanitizer cache is cold),
    /// `--step warm` deletes the output and builds it again, `--step rebuild` changes one
    /// question's title and builds again; the script runs them in this order. `--step
    /// takedown-answer`, `takedown-question` and `takedown-user` add one entry to the site's
    /// takedowns file (an answer, a question, a user to anonymize, not yet taken down) and build again.
    static func run(_ arguments: [String]) throws {
        guard let flag = arguments.firstIndex(of: "--site"), flag + 1 < arguments.count else {
            throw UsageError(description: usage)
        }
        let root = URL(fileURLWithPath: arguments[flag + 1]).standardizedFileURL
        if let prepare = arguments.firstIndex(of: "--prepare") {
            guard prepare + 1 < arguments.count, let questions = Int(arguments[prepare + 1]) else {
                throw UsageError(description: usage)
            }
            return try crawlSample(questions: questions, into: root)
        }
        guard let stepFlag = arguments.firstIndex(of: "--step"), stepFlag + 1 < arguments.count,
              steps.contains(arguments[stepFlag + 1]) else {
            throw UsageError(description: usage)
        }
        let step = arguments[stepFlag + 1]
        let config = try SiteConfig.load(root: root)
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        let output = root.appendingPathComponent("_bench_site")
        switch step {
        case "cold", "warm": try? FileManager.default.removeItem(at: output)
        case "takedown-answer": try TakedownEntry.add(.answer, config: config, store: store)
        case "takedown-question": try TakedownEntry.add(.question, config: config, store: store)
        case "takedown-user": try TakedownEntry.add(.user, config: config, store: store)
        default:
            try store.write { writer in
                guard let first = try writer.reader.firstQuestion() else { return }
                var question = first
                question.title += "（已编辑）"
                try writer.upsert(question)
            }
        }
        var builder = SiteBuilder(config: config, store: store)
        builder.exitsAfterBuild = true
        let times = StepTimes()
        let summary = try builder.build(into: output, progress: times)
        times.finish()
        let name = ["cold": "full, cache cold", "warm": "full, cache warm", "rebuild": "one question changed",
                    "takedown-answer": "one answer taken down", "takedown-question": "one question taken down",
                    "takedown-user": "one user anonymized"][step] ?? step
        print(String(format: "%-22@ %7.2f s  %6.0f pages/s  %d pages (%d written)  %d bodies read, %d sanitized, %d cached  peak RSS %d MiB",
                     name as NSString, summary.seconds, Double(summary.pages) / summary.seconds, summary.pages,
                     summary.pagesWritten, summary.bodiesRead, summary.bodiesSanitized, summary.bodiesCached, memoryMiB("VmHWM:")))
        if step == "warm", let search = summary.search {
            let counts = try store.counts()
            print("store: \(counts.questions) questions, \(counts.answers) answers, \(counts.users) users")
            print(String(format: "search index: %d documents, %.1f MiB for %.1f MiB of text (%.2f×), %d shards",
                         search.documents, Double(search.indexBytes) / 1_048_576, Double(search.textBytes) / 1_048_576,
                         search.sizeRatio, search.shards))
        }
    }

    /// Crawls a sample community (logged in, no delay) into `root/.wenjin`.
    private static func crawlSample(questions: Int, into root: URL) throws {
        let community = SampleCommunity(.init(seed: 2015, questions: questions, editedAnswers: 0))
        let server = SampleServer(api: SampleAPI(community: community, flavor: .wenjin), faults: nil)
        try server.start()
        defer { server.stop() }
        guard let address = server.baseURL?.absoluteString else { throw UsageError(description: "the sample server has no address") }
        let store = try Store.open(at: root.appendingPathComponent(".wenjin").appendingPathComponent(Store.fileName))
        // The server's own loopback address always parses as an API base URL.
        var options = CrawlOptions(source: .init(address)!, assetsFolder: root.appendingPathComponent(".wenjin/assets"))
        options.credentials = .init(userName: community.users[0].userName, password: SampleAPI.password)
        options.requestsPerSecond = 0
        options.connectionsPerHost = 4
        let crawler = Crawler(options: options, store: store)
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<CrawlSummary, CrawlError>?>(nil)
        Task {
            do throws(CrawlError) {
                let summary = try await crawler.run()
                outcome.withLock { $0 = .success(summary) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        guard let summary = try outcome.withLock({ $0 })?.get() else { return }
        // The sample server runs in this process: the peak covers it and the crawler together.
        print("crawled \(questions) questions into \(root.path): \(summary.requests) requests, peak RSS \(memoryMiB("VmHWM:")) MiB (crawler and sample server)")
    }

    /// Prints each step's time as it ends, so a slow step shows itself: wall time, and the
    /// process's CPU time (user + system, every thread) in the step, which the load of a
    /// shared machine changes least. Also the time outside the steps: before the first (the
    /// process's start, the bench's edit of the store), between two, and after the last.
    final class StepTimes: BuildProgress {
        private typealias Mark = (wall: ContinuousClock.Instant, cpu: Double)
        private let started = Mutex<Mark?>(nil)
        /// When the last step ended, and its name; nil before the first step.
        private let ended = Mutex<(mark: Mark, step: BuildStep)?>(nil)

        func begin(_ step: BuildStep, total: Int?) {
            let now: Mark = (.now, StepTimes.cpuSeconds())
            if let last = ended.withLock({ $0 }) {
                print(String(format: "      (between %@ and %@: %.3f s, CPU %.3f s)", last.step.rawValue, step.rawValue,
                             StepTimes.seconds(now.wall - last.mark.wall), now.cpu - last.mark.cpu))
            } else {
                print(String(format: "      (before the first step: process %.2f s old, CPU %.3f s)", StepTimes.processAge(), now.cpu))
            }
            started.withLock { $0 = now }
        }

        func advance(by count: Int) {}

        func end(_ step: BuildStep) {
            guard let start = started.withLock({ $0 }) else { return }
            let now: Mark = (.now, StepTimes.cpuSeconds())
            print(String(format: "    %@ %.3f s, CPU %.3f s, resident %d MiB, peak so far %d MiB", step.rawValue,
                         StepTimes.seconds(now.wall - start.wall), now.cpu - start.cpu, BuildBenchmark.memoryMiB("VmRSS:"),
                         BuildBenchmark.memoryMiB("VmHWM:")))
            ended.withLock { $0 = (now, step) }
        }

        /// Prints the time from the last step's end to now (the build returned).
        func finish() {
            guard let last = ended.withLock({ $0 }) else { return }
            print(String(format: "      (after %@ until the build returned: %.3f s, CPU %.3f s)", last.step.rawValue,
                         StepTimes.seconds(.now - last.mark.wall), StepTimes.cpuSeconds() - last.mark.cpu))
        }

        private static func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }

        /// Seconds since the process started, from /proc (to a clock tick: 10 ms).
        static func processAge() -> Double {
            guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
                  let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
                  let afterName = stat.lastIndex(of: ")"), let now = Double(uptime.split(separator: " ").first ?? "")
            else { return -1 }
            // Field 22, starttime in clock ticks since boot; the fields after the name start at field 3.
            let fields = stat[stat.index(after: afterName)...].split(separator: " ")
            guard fields.count > 19, let ticks = Double(fields[19]) else { return -1 }
            return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        /// User and system time of the whole process so far.
        static func cpuSeconds() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
    }

    /// A memory figure of this process from /proc/self/status (`VmHWM:` peak, `VmRSS:` now), in MiB.
    static func memoryMiB(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kilobytes / 1024
    }
}
