// WenjinTestSupport holds what several test targets share and no product uses: the outside
// material's folder, and sample servers that misbehave on purpose.
import Foundation
import Testing

/// The outside test material (`../shared/spec` beside the package root): the Mustache spec,
/// html5lib's sanitizer cases and the responses recorded from a real WeCenter 3.1 server.
///
/// A user's clone may not have it: the suites that read it are then skipped, each saying why.
/// CI has it, so there (`CI=true`) they always run, and a missing folder fails them loudly.
package enum SharedSpec {
    /// `<package root>/../shared/spec`, found from this file.
    package static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.deletingLastPathComponent().appendingPathComponent("shared/spec").standardizedFileURL
    }()

    package static var isPresent: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    private static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The trait of every suite that reads the material.
    package static var required: ConditionTrait {
        .enabled(if: isPresent || isCI, "the outside test material \(folder.path) is missing (CI=true runs these and fails)")
    }
}
