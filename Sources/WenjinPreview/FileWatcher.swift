import Dispatch
import Foundation
import Glibc
import Synchronization

/// Polls the modification times and sizes of some files and folders (folders recursively) and
/// calls `changed` on its own thread when any of them differ from what it last reported, once
/// the change has settled (`ChangeSettling`: an in-place save is one change, not two). Polling
/// needs no inotify and sees files that editors replace by renaming; a few hundred files cost little.
final class FileWatcher: Sendable {
    private let paths: [String]
    private let interval: Duration
    private let changed: @Sendable () -> Void
    private let stopped = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()

    init(paths: [URL], interval: Duration, changed: @escaping @Sendable () -> Void) {
        self.paths = paths.map(\.path)
        self.interval = interval
        self.changed = changed
    }

    func start() {
        finished.enter()
        let initial = fingerprint()
        DispatchQueue(label: "wenjin.preview.watcher").async { [self] in
            var settling = ChangeSettling(initial: initial)
            while !stopped.withLock({ $0 }) {
                _ = wake.wait(timeout: .now() + .milliseconds(interval.roundedMilliseconds))
                guard !stopped.withLock({ $0 }) else { break }
                // What changes during the rebuild is seen at the next look, not lost.
                if settling.look(fingerprint()) { changed() }
            }
            finished.leave()
        }
    }

    /// Stops polling and waits for a rebuild in progress to end.
    func stop() {
        stopped.withLock { $0 = true }
        wake.signal()
        finished.wait()
    }

    /// One number for the state of every watched path: name, size and modification time of each
    /// file (a missing path counts too, so its creation is a change).
    func fingerprint() -> Int {
        var hasher = Hasher()
        for path in paths {
            add(path, to: &hasher)
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            guard let walker = FileManager.default.enumerator(atPath: path) else { continue }
            var names: [String] = []
            while let name = walker.nextObject() as? String { names.append(name) }
            for name in names.sorted() { add(path + "/" + name, to: &hasher) }
        }
        return hasher.finalize()
    }

    private func add(_ path: String, to hasher: inout Hasher) {
        var info = stat()
        hasher.combine(path)
        guard stat(path, &info) == 0 else { return hasher.combine(-1) }
        hasher.combine(info.st_size)
        hasher.combine(info.st_mtim.tv_sec)
        hasher.combine(info.st_mtim.tv_nsec)
        hasher.combine(info.st_ino)
    }
}

extension Duration {
    var roundedMilliseconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
