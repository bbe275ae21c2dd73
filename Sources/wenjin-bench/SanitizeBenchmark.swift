// `wenjin-bench sanitize --corpus FILE [--threads N] [--rounds R]`: throughput of the
// sanitizer on a corpus of bodies (one JSON string per line), on 1 thread and on N.
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import WenjinSanitizer

enum SanitizeBenchmark {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// A resolver shaped like the site builder's: every community page and upload is in the archive.
    struct ArchiveEverything: ArchiveResolver {
        func localPath(for link: CommunityLink) -> String? {
            switch link {
            case .question(let id, let answer): "../questions/\(id).html" + (answer.map { "#answer-\($0)" } ?? "")
            case .article(let id): "../articles/\(id).html"
            case .user(let token): "../people/\(token).html"
            case .topic(let token): "../topics/\(token).html"
            case .image(let url): url.contains("/uploads/") ? "../assets/" + (url.split(separator: "/").last.map(String.init) ?? "") : nil
            }
        }

        func isArchivePath(_ path: String) -> Bool { path.hasPrefix("../") }
    }

    static func run(_ arguments: [String]) throws {
        var corpusPath: String?
        var threads = 2
        var rounds = 3
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--corpus": corpusPath = remaining.popFirst()
            case "--threads": threads = remaining.popFirst().flatMap(Int.init) ?? 0
            case "--rounds": rounds = remaining.popFirst().flatMap(Int.init) ?? 0
            default: throw UsageError(description: "unknown option \(option); usage: sanitize --corpus FILE [--threads N] [--rounds R]")
            }
        }
        guard let corpusPath, threads >= 1, rounds >= 1 else {
            throw UsageError(description: "usage: sanitize --corpus FILE [--threads N] [--rounds R]")
        }
        let bodies = try readCorpus(corpusPath)
        let bytes = bodies.reduce(0) { $0 + $1.utf8.count }
        let sanitizer = Sanitizer(hosts: CommunityHosts(source: "http://127.0.0.1:8088/"), resolver: ArchiveEverything())
        print("sanitize: \(bodies.count) documents, \(String(format: "%.2f", Double(bytes) / 1_000_000)) MB, best of \(rounds) rounds")
        _ = sanitizeAll(bodies, with: sanitizer, threads: 1)  // warm-up: libxml2 initialisation, caches
        // Wall-clock time is what a build waits for; CPU time is printed beside it because on
        // a shared machine the wall clock also counts other processes' turns.
        for threadCount in Set([1, threads]).sorted() {
            var best = (wall: Double.infinity, cpu: Double.infinity)
            for _ in 0..<rounds {
                let start = (wall: DispatchTime.now().uptimeNanoseconds, cpu: processCPUSeconds())
                _ = sanitizeAll(bodies, with: sanitizer, threads: threadCount)
                let wall = Double(DispatchTime.now().uptimeNanoseconds - start.wall) / 1e9
                if wall < best.wall { best = (wall, processCPUSeconds() - start.cpu) }
            }
            let line = String(
                format: "wenjin threads=%d  %.3f s (cpu %.3f s)  %.0f documents/s  %.2f MB/s", threadCount, best.wall, best.cpu,
                Double(bodies.count) / best.wall, Double(bytes) / 1_000_000 / best.wall)
            print(line)
        }
    }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Sanitizes every body once, split over `threads` threads; returns the output size.
    static func sanitizeAll(_ bodies: [String], with sanitizer: Sanitizer, threads: Int) -> Int {
        let total = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            var size = 0
            for index in stride(from: part, to: bodies.count, by: threads) {
                size += sanitizer.sanitize(html: bodies[index]).0.html.utf8.count
            }
            total.withLock { $0 += size }
        }
        return total.withLock { $0 }
    }

    static func readCorpus(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var bodies: [String] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            guard let body = try? JSONDecoder().decode(String.self, from: Data(line.utf8)) else {
                throw UsageError(description: "\(path):\(number + 1): not a JSON string")
            }
            bodies.append(body)
        }
        guard !bodies.isEmpty else { throw UsageError(description: "\(path): no bodies") }
        return bodies
    }
}
