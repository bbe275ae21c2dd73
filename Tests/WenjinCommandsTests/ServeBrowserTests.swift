import Foundation
import Glibc
import Synchronization
import Testing
import WenjinTestSupport
import WenjinDrafts
@testable import WenjinCommands

/// Debian's headless Chromium, when installed.
private let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `wenjin serve` in a real browser: an open page reloads by itself when draft.db changes.
@Suite("wenjin serve in headless Chromium", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: chromium != nil, "needs chromium"))
struct ServeBrowserTests {
    @Test("The open drafts index reloads by itself after a draft is saved and lists the new draft", .timeLimit(.minutes(20)))
    func draftsIndexReloadsItself() async throws {
        let site = try await ServeSite(questions: 20)
        let drafts = DraftDatabase(configured: site.draftFile)
        try drafts.add(QuestionDraft(title: "第一个草稿", body: DraftBody(text: "正文一")))
        let (console, _) = Console.capturing()
        // Short event streams: Chromium's virtual time stands still while one is open.
        let preview = try ServeCommand.startPreview(config: site.config, store: site.store, host: "127.0.0.1", ports: [0],
                                                    console: console, streamLifetime: .milliseconds(500))
        defer { preview.server.stop() }

        let editor = Thread {
            Thread.sleep(forTimeInterval: 1.5)
            _ = try? drafts.add(QuestionDraft(title: "浏览器开着时保存的草稿", body: DraftBody(text: "正文二")))
        }
        editor.start()
        let dom = try await Self.dumpDOM(preview.url.appendingPathComponent("drafts/index.html").absoluteString, budgetMilliseconds: 5000)
        #expect(dom.contains("第一个草稿"), "\(dom)")
        #expect(dom.contains("浏览器开着时保存的草稿"), "the page did not reload: \(dom)")
    }

    /// The DOM once `budgetMilliseconds` of virtual time have passed. Chromium runs in a session
    /// of its own (setsid), and its whole process group is killed when the dump is done or after
    /// 15 s, whichever comes first, so no renderer outlives the test. Awaited, not waited for:
    /// no thread of the test pool is blocked meanwhile.
    static func dumpDOM(_ url: String, budgetMilliseconds: Int) async throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = [
            chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
            "--virtual-time-budget=\(budgetMilliseconds)", "--dump-dom", url,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let dom = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            dom.withLock { $0.append(data) }
        }
        let done = Mutex(false)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in finished.resume() }
            do {
                try process.run()
            } catch {
                finished.resume()
                return
            }
            let group = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(90)) {
                if !done.withLock({ $0 }) { _ = kill(-group, SIGKILL) }
            }
        }
        done.withLock { $0 = true }
        // Helpers Chromium started may still hold the pipe: end the whole group before reading the rest.
        _ = kill(-process.processIdentifier, SIGKILL)
        output.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: dom.withLock { $0 } + rest, as: UTF8.self)
    }
}
