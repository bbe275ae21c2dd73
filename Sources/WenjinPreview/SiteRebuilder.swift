import Synchronization

/// Runs the site's rebuild closure one at a time and records each outcome in the build status,
/// which is what makes open pages reload.
final class SiteRebuilder: Sendable {
    private let build: @Sendable () throws -> Void
    private let status: BuildStatus
    /// Held while a rebuild runs, so a manual rebuild and the watcher's never overlap.
    private let running = Mutex(())

    init(status: BuildStatus, build: @escaping @Sendable () throws -> Void) {
        self.status = status
        self.build = build
    }

    func run() {
        running.withLock { _ in
            do {
                try build()
                status.record(error: nil)
            } catch {
                status.record(error: String(describing: error))
            }
        }
    }
}
