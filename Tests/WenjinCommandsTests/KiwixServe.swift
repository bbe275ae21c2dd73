import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import WenjinTestSupport

/// Debian's `kiwix-serve` (kiwix-tools) serving one ZIM on 127.0.0.1, with `--verbose`, whose
/// log lists every request and its response code once the server has stopped.
final class KiwixServe {
    static let path = "/usr/bin/kiwix-serve"
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: path) }

    let port: Int
    /// kiwix-serve names a book by its file name without `.zim`.
    let book: String
    private let process = Process()
    private let logFile: URL

    init(zim: URL) async throws {
        book = zim.deletingPathExtension().lastPathComponent
        port = try LoopbackPort.unused()
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("kiwix-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        // Line-buffered, so the log is whole even though the server ends by SIGKILL (see `stop`).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        process.arguments = ["-oL", Self.path, "--verbose", "--address=127.0.0.1", "--port=\(port)", zim.path]
        process.standardOutput = try FileHandle(forWritingTo: logFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready once the main page answers: at most 600 tries, 100 ms apart (a loaded machine is slow
        // to start it).
        for _ in 0..<600 {
            if (try? await get("\(book)/index.html"))?.status == 200 { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        stop()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "kiwix-serve did not start: \(log())"])
    }

    deinit { stop() }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func get(_ path: String) async throws -> (status: Int, body: String) {
        let response = try await fetch(path)
        return (response.status, String(decoding: response.data, as: UTF8.self))
    }

    /// The response after any redirect, and where it came from.
    func fetch(_ path: String) async throws -> (status: Int, data: Data, url: URL?) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: url(path))!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data, response.url)
    }

    /// Stops the server (by its own process id) and waits for it, so its log is complete.
    /// SIGKILL: started from a Dispatch thread, kiwix-serve inherits a mask that blocks SIGTERM.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    func log() -> String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Each request of the log as (response code, path), in order; call after `stop()`.
    func requests() -> [(status: Int, path: String)] {
        var result: [(Int, String)] = []
        var path = ""
        for line in log().split(separator: "\n") {
            if line.hasPrefix("full_url  : ") { path = String(line.dropFirst("full_url  : ".count)) }
            if line.hasPrefix("httpResponseCode : "), let code = Int(line.dropFirst("httpResponseCode : ".count)) {
                result.append((code, path))
            }
        }
        return result
    }
}
