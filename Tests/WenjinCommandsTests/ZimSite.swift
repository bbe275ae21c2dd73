import Foundation
import Testing
import WenjinTestSupport
@testable import WenjinCommands

/// A crawled sample site (`ServeSite`) with a `zim` section in its site.json, exported by
/// `wenjin export zim` run in-process in the site folder.
struct ZimSite {
    /// What the tests expect to read back from the ZIM.
    static var zimSection: [String: Any] { [
        "name": "wenjin-sample",
        "title": "问津样例",
        "description": "问津样例社区的离线问答存档",
        "longDescription": "天津大学问津社区的问题、回答、文章与评论，供离线阅读。",
        "creator": "问津样例社区",
        "publisher": "wenjin 测试",
        "tags": ["wenjin", "问答", "_category:other"],
        "source": "https://wenjin.example.edu/",
        "flavour": "maxi",
    ] }

    let site: ServeSite
    var root: URL { site.root }

    init(questions: Int) async throws {
        site = try await ServeSite(questions: questions)
        let file = site.root.appendingPathComponent("site.json")
        guard var json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        json["zim"] = Self.zimSection
        try JSONSerialization.data(withJSONObject: json).write(to: file)
    }

    /// Where the theme's icon is in the site, and in the ZIM.
    static let iconPath = "assets/icon-48.png"

    /// Changes site.json's `build` section.
    func editBuildSection(_ change: (inout [String: Any]) -> Void) throws {
        let file = root.appendingPathComponent("site.json")
        guard var json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var build = json["build"] as? [String: Any] ?? [:]
        change(&build)
        json["build"] = build
        try JSONSerialization.data(withJSONObject: json).write(to: file)
    }

    func run(_ arguments: String...) async -> WenjinRun {
        let (console, captured) = Console.capturing()
        let code = await WenjinMain.run(arguments, console: console, workingDirectory: site.root, environment: [:])
        return WenjinRun(exitCode: code, output: captured.output, error: captured.error)
    }

    /// Exports to `name` in the site folder and returns the file.
    func export(as name: String = "sample.zim") async throws -> URL {
        let result = await run("export", "zim", "--output", name)
        try #require(result.exitCode == .success, "export failed: \(result.error)")
        return site.root.appendingPathComponent(name)
    }

    /// Runs a Debian tool to its end; its output and error together.
    static func tool(_ path: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = await ChildProcessOutput.read(pipe, of: process)
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
