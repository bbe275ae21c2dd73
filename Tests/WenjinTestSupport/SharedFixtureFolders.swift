import Foundation

/// Folders a test process makes once and every test that needs one copies: a crawled sample
/// store costs far more to make (a loopback server, API decoding, the sanitizer) than to copy,
/// and several tests need the same one. Each test copies what it needs, so a test that
/// writes to it changes no other. The folders go when the process exits.
package actor SharedFixtureFolders {
    package static let shared = SharedFixtureFolders()

    static let parent = FileManager.default.temporaryDirectory
        .appendingPathComponent("wenjin-shared-fixtures-\(ProcessInfo.processInfo.processIdentifier)")

    private var folders: [String: Task<URL, any Error>] = [:]

    /// The folder `name`, made first with `make` (given the empty folder to fill) if no test
    /// has asked for it yet. Tests asking at the same time wait for the one making; a failure to
    /// make it fails each of them. Tests copy from it and never change it.
    package func folder(_ name: String, make: @escaping @Sendable (URL) async throws -> Void) async throws -> URL {
        if let made = folders[name] { return try await made.value }
        if folders.isEmpty {
            try FileManager.default.createDirectory(at: Self.parent, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: SharedFixtureFolders.parent) }
        }
        let folder = Self.parent.appendingPathComponent(name)
        let made = Task {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await make(folder)
            return folder
        }
        folders[name] = made
        return try await made.value
    }
}
