import Foundation
import Glibc

/// One headless Chromium for the whole test process, driven over the DevTools protocol through
/// the pipe Chromium opens on descriptors 3 and 4 (`--remote-debugging-pipe`: JSON messages,
/// each ended by a NUL byte). Starting Chromium costs about a second of CPU; a page in a fresh
/// browser context (its own storage, as a new profile would have) costs a small part of that.
/// Pages are opened one at a time, on a queue of their own, so no test's thread waits on the
/// browser.
final class HeadlessChromium: @unchecked Sendable {
    static let shared = HeadlessChromium()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Everything below is touched only on `queue`.
    private let queue = DispatchQueue(label: "wenjin-tests.headless-chromium")
    private var toBrowser: Int32 = -1
    private var fromBrowser: Int32 = -1
    private var received: [UInt8] = []
    private var lastID = 0
    /// When the page being evaluated (or the context being disposed) has had its time.
    private var deadline = ContinuousClock.now

    /// The string `expression` gives in `url` at `width` × 900 px, once it gives one (not null),
    /// evaluated every 50 ms after the page starts loading, for at most 30 s in all. `prefersDark`
    /// makes the page see the system prefer a dark colour scheme.
    func evaluate(_ expression: String, in url: URL, width: Int, prefersDark: Bool) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.evaluateNow(expression, in: url, width: width, prefersDark: prefersDark) })
            }
        }
    }

    private func evaluateNow(_ expression: String, in url: URL, width: Int, prefersDark: Bool) throws -> String {
        if toBrowser < 0 { try start() }
        deadline = .now + .seconds(30)
        let context = try string(try send("Target.createBrowserContext")["browserContextId"])
        defer {
            deadline = .now + .seconds(10)
            _ = try? send("Target.disposeBrowserContext", ["browserContextId": context])
        }
        let target = try string(try send("Target.createTarget", ["url": "about:blank", "browserContextId": context])["targetId"])
        let session = try string(try send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"])
        _ = try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": 900, "deviceScaleFactor": 1, "mobile": false],
                     session: session)
        if prefersDark {
            _ = try send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]], session: session)
        }
        _ = try send("Page.navigate", ["url": url.absoluteString], session: session)
        var lastError: (any Error)?
        while ContinuousClock.now < deadline {
            do {
                // While the page is replacing about:blank, an evaluation may find no context.
                let answer = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
                if let value = (answer["result"] as? [String: Any])?["value"] as? String { return value }
            } catch {
                lastError = error
            }
            usleep(50_000)
        }
        throw Failure(description: "no answer from \(url.lastPathComponent) in 30 s" + (lastError.map { " (\($0))" } ?? ""))
    }

    /// Starts Chromium with a profile of its own, removed when the process exits; Chromium
    /// exits when its end of the pipe closes, which the process's exit does too.
    private func start() throws {
        var commands: [Int32] = [0, 0], answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw Failure(description: "no pipe") }
        for descriptor in commands + answers { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        atexit { try? FileManager.default.removeItem(atPath: HeadlessChromium.profile) }
        let arguments = [ChromiumProbe.chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--user-data-dir=\(Self.profile)", "--remote-debugging-pipe"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 3 and 4 clears close-on-exec there only. Every other descriptor is closed:
        // Foundation's pipes to other tests' tools lack close-on-exec, and a long-lived browser
        // holding one would keep that tool's output from ever ending.
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, answers[1], 4)
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in inherited where descriptor > 4 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, ChromiumProbe.chromium, &actions, nil, &argv, environ)
        close(commands[0])
        close(answers[1])
        guard spawned == 0 else {
            close(commands[1])
            close(answers[0])
            throw Failure(description: "cannot start \(ChromiumProbe.chromium): \(String(cString: strerror(spawned)))")
        }
        toBrowser = commands[1]
        fromBrowser = answers[0]
    }

    private static let profile = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-chromium-\(getpid())").path

    /// Sends one command (to the browser, or to a page's `session`) and returns its result,
    /// skipping the events Chromium sends meanwhile. Waits until `deadline` at most.
    private func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        let bytes = Array(try JSONSerialization.data(withJSONObject: message)) + [0]
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Failure(description: "Chromium is gone (\(method))") }
            offset += written
        }
        while true {
            while let end = received.firstIndex(of: 0) {
                let line = Array(received[..<end])
                received.removeSubrange(...end)
                guard let answer = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                    answer["id"] as? Int == lastID else { continue }
                if let error = answer["error"] { throw Failure(description: "\(method): \(error)") }
                return answer["result"] as? [String: Any] ?? [:]
            }
            guard ContinuousClock.now < deadline else { throw Failure(description: "no answer to \(method) in time") }
            var pollee = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&pollee, 1, 1000) >= 0 || errno == EINTR else { throw Failure(description: "cannot wait for Chromium") }
            guard pollee.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "Chromium closed the pipe (\(method))") }
            received += chunk[..<count]
        }
    }

    private func string(_ value: Any?) throws -> String {
        guard let value = value as? String else { throw Failure(description: "unexpected answer from Chromium") }
        return value
    }
}
