// `wenjin-bench sanitize --corpus FILE [--threads N] [--rounds R]`: throughput of the
// sanitizer on a corpus of bodies (one JSON string per line), on 1 thread and on N.
import Dispatch
import Foundation
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
        if ProcessInfo.processInfo.environment["EXPERIMENT"] != nil {
            let start = DispatchTime.now().uptimeNanoseconds
            var n = 0
            for body in bodies { n += sanitizer.plainText(fromHTML: body).utf8.count }
            print("plainText", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, n)
            let start2 = DispatchTime.now().uptimeNanoseconds
            for body in bodies { n += sanitizer.imageURLs(in: body).count }
            print("imageURLs", Double(DispatchTime.now().uptimeNanoseconds - start2) / 1e9, n)
        }
        for threadCount in Set([1, threads]).sorted() {
            var best = Double.infinity
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = sanitizeAll(bodies, with: sanitizer, threads: threadCount)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let line = String(
                format: "wenjin threads=%d  %.3f s  %.0f documents/s  %.2f MB/s", threadCount, best, Double(bodies.count) / best,
                Double(bytes) / 1_000_000 / best)
            print(line)
        }
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
