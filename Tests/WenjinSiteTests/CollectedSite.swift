import Synchronization
@testable import WenjinSite

/// Every file a stream handed over, by path: its bytes, its page text, and how often it came.
final class CollectedSite: SiteSink {
    struct File {
        var bytes: [UInt8]
        var text: PageText?
        var times: Int
    }

    let files = Mutex<[String: File]>([:])

    func receive(_ bytes: [UInt8], at path: String, text: PageText?) throws {
        files.withLock { files in
            files[path] = File(bytes: bytes, text: text, times: (files[path]?.times ?? 0) + 1)
        }
    }

    var all: [String: File] { files.withLock { $0 } }
}
