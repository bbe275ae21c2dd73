import Synchronization
import WenjinSite

/// Build progress that keeps the notes a build writes (why it fell back to reading or
/// fingerprinting everything), for tests of what a rebuild trusts.
final class NoteKeepingProgress: BuildProgress {
    let lines = Mutex<[String]>([])
    func begin(_ step: BuildStep, total: Int?) {}
    func advance(by count: Int) {}
    func end(_ step: BuildStep) {}
    func note(_ line: String) { lines.withLock { $0.append(line) } }
}
