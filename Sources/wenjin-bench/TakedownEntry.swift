// One more entry in a site's takedowns file, for `wenjin-bench build --step takedown-…`: the
// rebuild after a takedown is what a moderator waits for.
import Foundation
import WenjinSite
import WenjinStore

enum TakedownEntry {
    /// Adds the first answer (or, with `user`, the first user who asked a question) that the
    /// file does not name yet.
    static func add(user: Bool, config: SiteConfig, store: Store) throws {
        let file = config.resolve(config.privacy.takedowns)
        var entries: [String: [Int]] = [:]
        if let data = FileManager.default.contents(atPath: file.path) {
            entries = try JSONDecoder().decode([String: [Int]].self, from: data)
        }
        let key = user ? "anonymizeUsers" : "answers"
        let taken = Set(entries[key] ?? [])
        let candidates: [Int] = try store.read { reader in
            let questions = try reader.questions()
            if user { return questions.compactMap { $0.isAnonymous ? nil : $0.askerID?.rawValue } }
            let answers = try reader.answersByQuestion()
            return questions.flatMap { answers[$0.id] ?? [] }.map(\.id.rawValue)
        }
        guard let next = candidates.first(where: { !taken.contains($0) }) else {
            throw BuildBenchmark.UsageError(description: "nothing left to take down")
        }
        entries[key, default: []].append(next)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(entries).write(to: file)
        print("took down \(user ? "user" : "answer") \(next)")
    }
}
