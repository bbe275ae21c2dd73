import Foundation
import Synchronization
import WenjinBuildSupport

/// A `BuildOutput` that hands every file to a `SiteSink` and keeps nothing: there is no earlier
/// output to carry over, and each path is handed over once, the first time it is written
/// (`SiteBuilder.stream` writes in the order in which a published folder's files win).
final class StreamedOutput: BuildOutput {
    private let sink: any SiteSink
    private let texts: [String: PageText]
    private let handed = Mutex<Set<String>>([])

    init(sink: any SiteSink, texts: [PageText]) {
        self.sink = sink
        self.texts = Dictionary(texts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func carryOver(_ path: SitePath, fingerprint: PageFingerprint) throws(OutputFileError) -> Bool { false }

    func write(_ bytes: [UInt8], to path: SitePath, fingerprint: PageFingerprint?) throws(OutputFileError) -> StagedOutput.Outcome {
        guard handed.withLock({ $0.insert(path.text).inserted }) else { return .unchanged }
        do {
            try sink.receive(bytes, at: path.text, text: texts[path.text])
        } catch {
            throw OutputFileError(path: path.text, message: "", underlying: error)
        }
        return .written
    }

    func place(_ source: String, to path: SitePath, contentAddressed: Bool) throws(OutputFileError) -> StagedOutput.Outcome {
        if handed.withLock({ $0.contains(path.text) }) { return .unchanged }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw OutputFileError(path: source, message: "cannot read the file to copy")
        }
        return try write(Array(data), to: path, fingerprint: nil)
    }

    func liveFingerprint(_ path: SitePath) -> PageFingerprint? { nil }
    func liveSidecar(_ name: String) -> [UInt8]? { nil }
    func liveSidecarFile(_ name: String) -> ReadableFile? { nil }
    /// A stream publishes no state for a next build.
    func stageSidecar(_ name: String, writing: (inout SidecarWriter) -> Void) throws(OutputFileError) {}
    func carrySidecar(_ name: String) -> Bool { false }
}
