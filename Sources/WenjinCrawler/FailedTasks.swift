import Foundation
import WenjinStore

/// The tasks that failed for good, listed in the store's meta table so that the next crawl
/// can try them again (the queue itself can only count them by state).
enum FailedTasks {
    static let key: MetaKey = "crawl_failed_tasks"

    static func add(_ task: CrawlTask, in writer: StoreWriter) throws {
        var all = try read(writer.reader)
        guard !all.contains(where: { $0 == [task.kind.rawValue, task.key] }) else { return }
        all.append([task.kind.rawValue, task.key])
        try writer.setMeta(key, String(decoding: try JSONEncoder().encode(all), as: UTF8.self))
    }

    /// Every failed task, removed from the list.
    static func takeAll(in writer: StoreWriter) throws -> [CrawlTask] {
        let all = try read(writer.reader)
        try writer.setMeta(key, nil)
        return all.compactMap { $0.count == 2 ? CrawlTask(kind: .init(rawValue: $0[0]), key: $0[1]) : nil }
    }

    private static func read(_ reader: StoreReader) throws -> [[String]] {
        guard let text = try reader.meta(key) else { return [] }
        return (try? JSONDecoder().decode([[String]].self, from: Data(text.utf8))) ?? []
    }
}
