// `wenjin serve` on a crawled site folder: the time from saving a draft (an answer draft written
// into draft.db, as the client writes it) to the preview serving the question page with it,
// polled every 2 ms; the median and spread over some rounds, saves spaced at random. Scripts/bench-preview starts the
// server and measures static-file requests/s with wrk.
import Foundation
import WenjinConfig
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WenjinDrafts
import WenjinSite
import WenjinStore

enum PreviewBenchmark {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = "usage: wenjin-bench preview --site DIR --url http://127.0.0.1:PORT/ [--rounds N]"

    static func run(_ arguments: [String]) throws {
        func value(_ flag: String) -> String? {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        guard let site = value("--site"), let base = value("--url").flatMap(URL.init(string:)) else { throw Failure(description: usage) }
        let rounds = value("--rounds").flatMap(Int.init) ?? 15
        let root = URL(fileURLWithPath: site).standardizedFileURL
        let config = try SiteConfig.load(root: root)
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        guard let question = try store.read({ try $0.questions() }).first else { throw Failure(description: "the store holds no question") }
        let page = base.appendingPathComponent("questions/\(question.id.rawValue).html")
        let drafts = DraftDatabase(configured: config.resolve(config.drafts.path))

        var times: [Double] = []
        for round in 1...rounds {
            let marker = "基准草稿 \(round) \(UUID().uuidString)"
            let saved = ContinuousClock.now
            try drafts.add(AnswerDraft(questionID: question.id.rawValue, body: DraftBody(text: marker)))
            while true {
                if let body = fetch(page), body.contains(marker) { break }
                guard ContinuousClock.now - saved < .seconds(30) else { throw Failure(description: "round \(round): no rebuilt page after 30 s") }
                Thread.sleep(forTimeInterval: 0.002)
            }
            let elapsed = ContinuousClock.now - saved
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            // A pause of random length between saves, as a person's, so saves fall at every
            // phase of the server's polling instead of locking onto one.
            Thread.sleep(forTimeInterval: Double.random(in: 0.3...0.8))
        }
        let sorted = times.sorted()
        print(String(format: "draft saved → rebuilt page served: median %.0f ms, min %.0f ms, max %.0f ms over %d rounds (question %d)",
                     sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1], rounds, question.id.rawValue))
        print("all rounds (ms): " + times.map { String(format: "%.0f", $0) }.joined(separator: " "))
    }

    private static let session = URLSession(configuration: .ephemeral)

    /// One GET; nil on any failure (the page may be mid-replacement only in name: it is renamed into place).
    private static func fetch(_ url: URL) -> String? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: String?
        session.dataTask(with: url) { data, _, _ in
            result = data.map { String(decoding: $0, as: UTF8.self) }
            done.signal()
        }.resume()
        done.wait()
        return result
    }
}
