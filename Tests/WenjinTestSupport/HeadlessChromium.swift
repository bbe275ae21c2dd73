import Foundation
import Glibc

/// One headless Chromium for the whole test process, driven over the DevTools protocol through
/// the pipe Chromium opens on descriptors 3 and 4 (`--remote-debugging-pipe`: JSON messages,
/// each ended by a NUL byte). Starting Chromium costs about a second of CPU; a page in a fresh
/// browser context (its own storage, as a new profile would have) costs a small part of that.
/// Several tests may hold pages at once: each command is sent and answered on a queue of the
/// browser's own, and waiting between two looks at a page happens off it, so no test's thread
/// waits on the browser; a look waits on the queue for at most 2 s, so a slow page holds the
/// others back briefly, never for a whole deadline. A browser that died is started again by
/// the next page opened.
package final class HeadlessChromium: @unchecked Sendable {
    package static let shared = HeadlessChromium()
    /// Debian's Chromium (`make test` installs it).
    package static let path = "/usr/bin/chromium"
    package static var installed: Bool { FileManager.default.isExecutableFile(atPath: path) }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// A page open in a browser context of its own, until `close(_:)`.
    package struct Page: Sendable {
        let context: String
        let session: String
        package let url: URL
    }

    /// Everything below is touched only on `queue`.
    private let queue = DispatchQueue(label: "wenjin-tests.headless-chromium")
    private var toBrowser: Int32 = -1
    private var fromBrowser: Int32 = -1
    private var received: [UInt8] = []
    private var lastID = 0

    /// The string `expression` gives in `url` at `width` × 900 px, once it gives one (not null),
    /// within 30 s of the page starting to load. `prefersDark` makes the page see the system
    /// prefer a dark colour scheme; `printed` makes it see print media, as when printed;
    /// `firstScript` runs in the page before any of the page's own (DevTools adds it, so the
    /// page's Content Security Policy does not apply to it).
    package func evaluate(_ expression: String, in url: URL, width: Int = 1280, prefersDark: Bool = false,
                          printed: Bool = false, firstScript: String? = nil) async throws -> String {
        let page = try await open(url, width: width, prefersDark: prefersDark, printed: printed, firstScript: firstScript)
        do {
            let value = try await value(of: expression, in: page)
            await close(page)
            return value
        } catch {
            await close(page)
            throw error
        }
    }

    /// Opens `url` in a fresh browser context at `width` × 900 px.
    package func open(_ url: URL, width: Int = 1280, prefersDark: Bool = false, printed: Bool = false,
                      firstScript: String? = nil) async throws -> Page {
        try await onQueue {
            if self.toBrowser < 0 { try self.start() }
            let context = try self.string(try self.send("Target.createBrowserContext")["browserContextId"])
            do {
                let target = try self.string(try self.send("Target.createTarget", ["url": "about:blank", "browserContextId": context])["targetId"])
                let session = try self.string(try self.send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"])
                _ = try self.send("Emulation.setDeviceMetricsOverride",
                                  ["width": width, "height": 900, "deviceScaleFactor": 1, "mobile": false], session: session)
                if prefersDark || printed {
                    var media: [String: Any] = [:]
                    if prefersDark { media["features"] = [["name": "prefers-color-scheme", "value": "dark"]] }
                    if printed { media["media"] = "print" }
                    _ = try self.send("Emulation.setEmulatedMedia", media, session: session)
                }
                if let firstScript {
                    // Chromium runs scripts added for new documents only once the Page domain is on.
                    _ = try self.send("Page.enable", session: session)
                    _ = try self.send("Page.addScriptToEvaluateOnNewDocument", ["source": firstScript], session: session)
                }
                _ = try self.send("Page.navigate", ["url": url.absoluteString], session: session)
                return Page(context: context, session: session, url: url)
            } catch {
                _ = try? self.send("Target.disposeBrowserContext", ["browserContextId": context])
                throw error
            }
        }
    }

    /// The string `expression` gives in `page` once it gives one (not null), looked at every
    /// 50 ms for at most `seconds`.
    package func value(of expression: String, in page: Page, within seconds: Int = 30) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var lastError: (any Error)?
        while ContinuousClock.now < deadline {
            do {
                // While the page is replacing about:blank or reloading, an evaluation may find no context.
                let value = try await onQueue {
                    let answer = try self.send("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: page.session,
                                               within: 2)
                    return (answer["result"] as? [String: Any])?["value"] as? String
                }
                if let value { return value }
            } catch {
                lastError = error
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "no answer from \(page.url.lastPathComponent) in \(seconds) s" + (lastError.map { " (\($0))" } ?? ""))
    }

    /// Closes the page and disposes of its context (its storage with it).
    package func close(_ page: Page) async {
        _ = try? await onQueue { _ = try self.send("Target.disposeBrowserContext", ["browserContextId": page.context]) }
    }

    private func onQueue<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Starts Chromium with a profile of its own, removed when the process exits; Chromium
    /// exits when its end of the pipe closes, which the process's exit does too.
    private func start() throws {
        // A write to a browser that died fails with EPIPE rather than killing the test process.
        signal(SIGPIPE, SIG_IGN)
        var commands: [Int32] = [0, 0], answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw Failure(description: "no pipe") }
        for descriptor in commands + answers { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        atexit { try? FileManager.default.removeItem(atPath: HeadlessChromium.profile) }
        let arguments = [Self.path, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--user-data-dir=\(Self.profile)", "--remote-debugging-pipe"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 3 and 4 clears close-on-exec there only. Every other descriptor is closed
        // in the child, whenever another test opened it: Foundation's pipes to other tests'
        // tools lack close-on-exec, and a long-lived browser holding one would keep that tool's
        // output from ever ending.
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, answers[1], 4)
        Self.closeFrom5(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, Self.path, &actions, nil, &argv, environ)
        Glibc.close(commands[0])
        Glibc.close(answers[1])
        guard spawned == 0 else {
            Glibc.close(commands[1])
            Glibc.close(answers[0])
            throw Failure(description: "cannot start \(Self.path): \(String(cString: strerror(spawned)))")
        }
        toBrowser = commands[1]
        fromBrowser = answers[0]
    }

    /// Closes every descriptor from 5 up in the child: with glibc's `closefrom` action when
    /// there is one (2.34 and later; Swift's Glibc module does not declare it), else those open
    /// now (a pipe another test opens meanwhile may then leak, as before the action existed).
    private static func closeFrom5(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np"),
           unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 5) == 0 {
            return
        }
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in inherited where descriptor > 4 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }

    private static let profile = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-chromium-\(getpid())").path

    /// Sends one command (to the browser, or to a page's `session`) and returns its result,
    /// skipping the events and other pages' output Chromium sends meanwhile (an answer that
    /// came too late for an earlier command among them). Waits `seconds` at most.
    private func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, within seconds: Int = 30) throws
        -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        let bytes = Array(try JSONSerialization.data(withJSONObject: message)) + [0]
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw lost("Chromium is gone (\(method))") }
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
            guard count > 0 else { throw lost("Chromium closed the pipe (\(method))") }
            received += chunk[..<count]
        }
    }

    /// Forgets a browser that died, so the next page opened starts another.
    private func lost(_ description: String) -> Failure {
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        (toBrowser, fromBrowser, received) = (-1, -1, [])
        return Failure(description: description)
    }

    private func string(_ value: Any?) throws -> String {
        guard let value = value as? String else { throw Failure(description: "unexpected answer from Chromium") }
        return value
    }
}
