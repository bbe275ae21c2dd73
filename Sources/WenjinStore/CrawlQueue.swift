import Foundation

// The crawl queue lives in the store so that a killed crawl resumes where it stopped: every
// state change is written in the same transaction as the data the task produced.

extension StoreReader {
    /// How many tasks are in each state; states with none are absent.
    package func queueSummary() throws(StoreError) -> [CrawlTaskState: Int] {
        var summary: [CrawlTaskState: Int] = [:]
        _ = try connection.query("SELECT state, count(*) FROM crawl_queue GROUP BY state") { row throws(StoreError) in
            summary[try row.value(0, as: CrawlTaskState.self)] = row.int(1)
        }
        return summary
    }

    /// The earliest attempt time among pending tasks, so a crawler with nothing due knows how
    /// long to wait; `nil` when nothing is pending.
    package func nextAttemptTime() throws(StoreError) -> Date? {
        try connection.queryFirst("SELECT min(next_attempt_at) FROM crawl_queue WHERE state = 'pending'") {
            $0.optionalDate(0)
        } ?? nil
    }

    /// The state of one task, or `nil` when it was never enqueued.
    package func state(of task: CrawlTask) throws(StoreError) -> CrawlTaskState? {
        try connection.queryFirst("SELECT state FROM crawl_queue WHERE kind = ? AND key = ?",
                                  task.kind.rawValue, task.key) { row throws(StoreError) in try row.value(0, as: CrawlTaskState.self) }
    }
}

extension StoreWriter {
    /// Adds a task unless it is already queued (in any state). Returns whether it was added.
    @discardableResult
    package func enqueue(_ task: CrawlTask, priority: Int = 0) throws(StoreError) -> Bool {
        try connection.run("INSERT OR IGNORE INTO crawl_queue (kind, key, priority) VALUES (?, ?, ?)",
                           task.kind.rawValue, task.key, priority)
        return connection.changes == 1
    }

    /// Makes a task pending again even if it is done or failed (a re-crawl of a list page),
    /// adding it when absent. Its attempt count starts over.
    package func requeue(_ task: CrawlTask, priority: Int = 0) throws(StoreError) {
        try connection.run("""
            INSERT INTO crawl_queue (kind, key, priority) VALUES (?, ?, ?)
            ON CONFLICT (kind, key) DO UPDATE SET state = 'pending', attempts = 0, next_attempt_at = 0,
                last_error = NULL, priority = excluded.priority
            """, task.kind.rawValue, task.key, priority)
    }

    /// Hands out up to `limit` pending tasks whose attempt time has come, highest priority first,
    /// then in the order they became due, and marks them running so no one takes them twice.
    package func takeDue(limit: Int, now: Date = Date()) throws(StoreError) -> [DueTask] {
        let due = try connection.query("""
            SELECT id, kind, key, priority, attempts, last_error FROM crawl_queue
            WHERE state = 'pending' AND next_attempt_at <= ?
            ORDER BY priority DESC, next_attempt_at, id LIMIT ?
            """, now, limit) { row in
            (id: row.int(0), task: DueTask(task: CrawlTask(kind: .init(rawValue: row.text(1)), key: row.text(2)),
                                           priority: row.int(3), attempts: row.int(4),
                                           lastError: row.optionalText(5)))
        }
        for item in due {
            try connection.run("UPDATE crawl_queue SET state = 'running' WHERE id = ?", item.id)
        }
        return due.map(\.task)
    }

    /// Marks a task finished.
    package func markDone(_ task: CrawlTask) throws(StoreError) {
        try connection.run("""
            UPDATE crawl_queue SET state = 'done', last_error = NULL WHERE kind = ? AND key = ?
            """, task.kind.rawValue, task.key)
    }

    /// Records a failed attempt. With `retryAt` the task becomes pending again from that time
    /// (the crawler computes the backoff); without it the task has failed for good.
    package func markFailed(_ task: CrawlTask, error: String, retryAt: Date?) throws(StoreError) {
        try connection.run("""
            UPDATE crawl_queue SET state = ?, attempts = attempts + 1, last_error = ?,
                next_attempt_at = coalesce(?, next_attempt_at)
            WHERE kind = ? AND key = ?
            """, retryAt == nil ? CrawlTaskState.failed.rawValue : CrawlTaskState.pending.rawValue, error,
            retryAt, task.kind.rawValue, task.key)
    }

    /// Puts tasks a killed crawl left running back to pending; a crawl calls it when it starts.
    /// Returns how many there were.
    @discardableResult
    package func requeueInterrupted() throws(StoreError) -> Int {
        try connection.run("UPDATE crawl_queue SET state = 'pending' WHERE state = 'running'")
        return connection.changes
    }
}
