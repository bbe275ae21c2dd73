// `wenjin-bench crawl --source URL --user NAME [--connections N] [--deadline S]
// [--max-response-bytes N] [--max-asset-bytes N] [--max-failure-share X]`: one full crawl of a
// running sample server into a fresh store, without delay; prints requests/s, total time,
// requests per question, what was refused and the process's peak RSS. The limits serve the
// hostile crawl (Scripts/bench-hostile-crawl), whose server sends bombs, trickles and redirects.
import Foundation
import WenjinCrawler
import WenjinSample
import WenjinStore

enum CrawlBenchmark {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        usage: crawl --source URL --user NAME [--connections N] [--store DIR] [--deadline S] \
        [--max-response-bytes N] [--max-asset-bytes N] [--max-failure-share X]
        """

    static func run(_ arguments: [String]) throws {
        var source: String?
        var user: String?
        var connections = 8
        var storeFolder: String?
        var deadline: Int?
        var maxResponseBytes: Int?
        var maxAssetBytes: Int?
        var maxFailureShare: Double?
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--source": source = remaining.popFirst()
            case "--user": user = remaining.popFirst()
            case "--connections": connections = remaining.popFirst().flatMap(Int.init) ?? 0
            case "--store": storeFolder = remaining.popFirst()
            case "--deadline": deadline = remaining.popFirst().flatMap(Int.init)
            case "--max-response-bytes": maxResponseBytes = remaining.popFirst().flatMap(Int.init)
            case "--max-asset-bytes": maxAssetBytes = remaining.popFirst().flatMap(Int.init)
            case "--max-failure-share": maxFailureShare = remaining.popFirst().flatMap(Double.init)
            default: throw UsageError(description: "unknown option \(option); \(usage)")
            }
        }
        let folder = URL(fileURLWithPath: storeFolder ?? NSTemporaryDirectory() + "wenjin-bench-crawl-\(UUID().uuidString)")
        guard let source, let user, connections >= 1,
              var options = CrawlOptions(source: source, assetsFolder: folder.appendingPathComponent("assets"),
                                         credentials: .init(userName: user, password: SampleAPI.password))
        else { throw UsageError(description: usage) }
        defer { if storeFolder == nil { try? FileManager.default.removeItem(at: folder) } }
        options.requestsPerSecond = 0
        options.connectionsPerHost = connections
        options.retries = 3
        options.backoffBase = .milliseconds(50)
        options.backoffMax = .seconds(1)
        if let deadline { options.deadline = .seconds(deadline) }
        if let maxResponseBytes { options.maxResponseBytes = maxResponseBytes }
        if let maxAssetBytes { options.maxAssetBytes = maxAssetBytes }
        if let maxFailureShare { options.maxFailureShare = maxFailureShare }
        let store = try Store.open(at: folder.appendingPathComponent(Store.fileName))
        let crawler = Crawler(options: options, store: store)
        let summary = try wait { try await crawler.run() }
        let counts = try store.counts()
        print(String(format: "questions           %d", counts.questions))
        print(String(format: "requests            %d (%d retries, %d failed tasks)", summary.requests, summary.retries, summary.tasksFailed))
        print(String(format: "refused             %d redirects off the origin, %d bodies (too large or compressed)",
                     summary.redirectsRefused, summary.bodiesRefused))
        print(String(format: "total time          %.1f s", summary.seconds))
        print(String(format: "requests/s          %.0f", summary.requestsPerSecond))
        print(String(format: "requests/question   %.2f", Double(summary.requests) / Double(max(1, counts.questions))))
        print(String(format: "peak RSS            %.1f MB", Double(peakResidentKilobytes()) / 1024))
        print("stored              \(counts)")
    }

    /// Runs async work from this synchronous entry point and waits for it.
    private static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        // Written once by the task before the semaphore is signalled, read after the wait.
        var result: Result<T, any Error>?
    }

    /// VmHWM from /proc/self/status: the most memory this process ever held resident.
    static func peakResidentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
