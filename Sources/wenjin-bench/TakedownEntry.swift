// One more entry in a site's takedowns file, for `wenjin-bench build --step takedown-…`: the
// rebuild after a takedown is what a moderator waits for.
import Foundation
import WenjinConfig
import WenjinSite
import WenjinStore

enum TakedownEntry {
    /// What a step takes down: the key of the takedowns file it adds to.
    enum Kind: String {
        case answer = "answers"
        case question = "questions"
        case user = "anonymizeUsers"
    }

    /// Adds the first answer, question or asking user that the file does not name yet.
    static func add(_ kind: Kind, config: SiteConfig, store: Store) throws {
        let file = config.resolve(config.privacy.takedowns)
        var entries: [String: [Int]] = [:]
        if let data = FileManager.default.contents(atPath: file.path) {
            entries = try JSONDecoder().decode([String: [Int]].self, from: data)
        }
        let taken = Set(entries[kind.rawValue] ?? [])
        let candidates: [Int] = try store.read { reader in
            let questions = try reader.questions()
            switch kind {
            case .user: return questions.compactMap { $0.isAnonymous ? nil : $0.askerID?.rawValue }
            case .question: return questions.map(\.id.rawValue)
            case .answer:
                let answers = try reader.answersByQuestion()
                return questions.flatMap { answers[$0.id] ?? [] }.map(\.id.rawValue)
            }
        }
        guard let next = candidates.first(where: { !taken.contains($0) }) else {
            throw BuildBenchmark.UsageError(description: "nothing left to take down")
        }
        entries[kind.rawValue, default: []].append(next)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(entries).write(to: file)
        print("took down \(kind) \(next)")
    }
}
