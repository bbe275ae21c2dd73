import Foundation
import WenjinAPI
import WenjinTestSupport

/// Reads the real WeCenter 3.1 responses recorded in `<root>/../shared/spec/wecenter-3.1-responses/`
/// and this module's quirk fixtures in `Fixtures/`.
enum RecordedResponse {
    static let specFolder = SharedSpec.folder.appendingPathComponent("wecenter-3.1-responses")
    static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every recorded response, as `NAME` or `mysqli-driver/NAME`.
    static func allNames() -> [String] {
        let fileManager = FileManager.default
        var names: [String] = []
        for subfolder in ["", "mysqli-driver/"] {
            let folder = specFolder.appendingPathComponent(subfolder)
            let files = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            names += files.filter { $0.hasSuffix(".json") }.map { subfolder + String($0.dropLast(5)) }
        }
        return names.sorted()
    }

    /// A recorded response; the status comes from `NAME.headers` when it exists (the
    /// mysqli-driver folder has bodies only, all of them 200).
    static func load(_ name: String) throws -> APIResponse {
        let body = try Data(contentsOf: specFolder.appendingPathComponent(name + ".json"))
        var status = 200
        var headers: [String: String] = [:]
        if let text = try? String(contentsOf: specFolder.appendingPathComponent(name + ".headers"), encoding: .utf8) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let statusLine = lines.first, let code = statusLine.split(separator: " ").dropFirst().first, let number = Int(code) {
                status = number
            }
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return APIResponse(url: "recorded:\(name)", status: status, headers: headers, body: body)
    }

    /// A fixture of `Fixtures/`, served as a 200 response.
    static func fixture(_ name: String) throws -> APIResponse {
        APIResponse(url: "fixture:\(name)", status: 200,
                     body: try Data(contentsOf: fixtureFolder.appendingPathComponent(name + ".json")))
    }
}
