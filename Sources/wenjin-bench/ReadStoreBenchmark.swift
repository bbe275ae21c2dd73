// `wenjin-bench read-store --site DIR [--runs N]`: the store reads of a rebuild's "read store" step
// alone (`ArchiveContent.read`'s three parts, bodies only of rows written after the store's
// counter, as when nothing changed), without the rest of a build: each part on its own thread
// in turn with that thread's CPU time, then the three side by side (`Store.readSideBySide`)
// with the wall and the process's CPU time. Medians of the runs; nothing is written.
import Foundation
import WenjinModel
import WenjinStore

enum ReadStoreBenchmark {
    static func run(_ arguments: [String]) throws {
        var site: URL?
        var runs = 5
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--site": site = remaining.popFirst().map { URL(fileURLWithPath: $0) }
            case "--runs": runs = remaining.popFirst().flatMap(Int.init) ?? runs
            default: throw SanitizeBenchmark.UsageError(description: "usage: read-store --site DIR [--runs N]")
            }
        }
        guard let site else { throw SanitizeBenchmark.UsageError(description: "usage: read-store --site DIR [--runs N]") }
        let store = try Store.openExisting(at: site.appendingPathComponent(".wenjin").appendingPathComponent(Store.fileName))
        let counter = try store.read { try $0.changes()?.counter } ?? 0
        let parts: [(String, @Sendable (StoreReader) throws -> Kept)] = [
            ("questions, users, topics, articles, assets, counts", { try first($0, after: counter) }),
            ("answers", { try second($0, after: counter) }),
            ("answer comments", { try third($0) }),
        ]
        var figures: [String: [Double]] = [:]
        for _ in 0..<runs {
            for (name, part) in parts {
                // What was read is let go after the timing, as a build keeps it.
                let (cpu, kept) = try threadCPU { try store.read { try part($0) } }
                figures[name, default: []].append(cpu)
                withExtendedLifetime(kept) {}
            }
            var kept: (Kept, Kept, Kept)?
            let (wall, cpu) = try processTimes {
                kept = try store.readSideBySide({ try first($0, after: counter) }, { try second($0, after: counter) }, { try third($0) })
            }
            withExtendedLifetime(kept) {}
            figures["side by side, wall", default: []].append(wall)
            figures["side by side, CPU", default: []].append(cpu)
        }
        for name in parts.map(\.0) + ["side by side, wall", "side by side, CPU"] {
            let sorted = figures[name, default: []].sorted()
            print("\(name): median \(String(format: "%.3f", sorted[sorted.count / 2])) s  "
                  + "(\(sorted.map { String(format: "%.3f", $0) }.joined(separator: " ")))")
        }
        print("peak RSS \(BuildBenchmark.memoryMiB("VmHWM:")) MiB")
    }

    /// A part's results, kept until its timing is taken.
    private struct Kept: @unchecked Sendable {
        let values: [Any]
    }

    private static func first(_ reader: StoreReader, after counter: Int) throws -> Kept {
        for table in StoreChanges.Table.allCases { _ = try reader.changedRows(of: table, after: counter) }
        let questions = try reader.questions(bodiesChangedAfter: counter)
        let users = try reader.users()
        let topics = try reader.topics()
        let articles = try reader.articles(bodiesChangedAfter: counter)
        let comments = try reader.commentsByArticle()
        let assets = try reader.assetsByURL()
        let counts = try reader.counts()
        return Kept(values: [questions, users, topics, articles, comments, assets, counts])
    }

    private static func second(_ reader: StoreReader, after counter: Int) throws -> Kept {
        Kept(values: [try reader.answersByQuestion(bodiesChangedAfter: counter), try reader.questionIDs()])
    }

    private static func third(_ reader: StoreReader) throws -> Kept {
        Kept(values: [try reader.commentsByAnswer()])
    }

    private static func threadCPU<T>(_ body: () throws -> T) rethrows -> (Double, T) {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        let result = try body()
        return (now() - start, result)
    }

    private static func processTimes(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        func cpu() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        let (startWall, startCPU) = (ContinuousClock.now, cpu())
        try body()
        let wall = startWall.duration(to: .now)
        return (Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18, cpu() - startCPU)
    }
}
