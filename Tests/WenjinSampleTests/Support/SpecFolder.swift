import Foundation

/// `../shared/spec` beside the package root, where the outside test material lives.
enum SpecFolder {
    static let url: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.deletingLastPathComponent().appendingPathComponent("shared/spec")
    }()
}
