import Foundation
import Testing

/// Fresh temporary folders and the committed draft.db fixture, for tests that write files.
enum DraftFixture {
    /// The fixture written by Fixtures/make_draft_db.py (python3 sqlite3 + plistlib).
    static let draftDB = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/draft.db")

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("wenjin-drafts-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A copy of the fixture at `name` inside a fresh folder, so tests that write never touch it.
    static func copy(named name: String = "draft.db") throws -> URL {
        let target = try temporaryFolder().appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: draftDB, to: target)
        return target
    }

    /// Runs a python3 program with `arguments`; returns its stdout. Used as an independent reader.
    static func python(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        return String(decoding: data, as: UTF8.self)
    }
}
