import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Images: checked by host (`AssetHostPolicy`), status, content type, size and completeness, stored once by SHA-256.
extension Crawler {
    func asset(_ address: String) async throws -> StoreWrites {
        let key = AssetURL(address)
        guard let url = URL(string: address) else {
            return { writer in try writer.put(Asset(url: key, state: .failed, error: "not an http(s) URL")) }
        }
        // Refused before any request (and any name lookup of a foreign host); the page links the original.
        if let refusal = await assetHosts.refusal(for: url) {
            return { writer in try writer.put(Asset(url: key, state: .failed, error: refusal)) }
        }
        let limit = options.maxAssetBytes
        let response = try await client.get(url) { response throws(APIError) in
            // A body shorter than announced is a cut connection: retry it like one.
            if (200...299).contains(response.status), let length = response.header("Content-Length").flatMap(Int.init),
               length != response.body.count {
                throw APIError(.transport("body of \(response.body.count) bytes, \(length) announced"), url: address,
                               status: response.status)
            }
        }
        guard (200...299).contains(response.status) else {
            // The server answered for good (404, 403, …): a missing image is recorded, not fatal.
            let missing = response.status == 404 || response.status == 410
            if missing { count { $0.assetsMissing += 1 } }
            return { writer in
                try writer.put(Asset(url: key, state: missing ? .missing : .failed, error: "HTTP status \(response.status)"))
            }
        }
        let type = response.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type, type.hasPrefix("image/") else {
            return { writer in
                try writer.put(Asset(url: key, contentType: type, size: response.body.count, state: .failed,
                                     error: "not an image (Content-Type \(type ?? "none"))"))
            }
        }
        guard response.body.count <= limit else {
            return { writer in
                try writer.put(Asset(url: key, contentType: type, size: response.body.count, state: .failed,
                                     error: "larger than the \(limit)-byte limit"))
            }
        }
        let digest = try assets.store(response.body)
        count { $0.assetsStored += 1 }
        return { writer in
            try writer.put(Asset(url: key, sha256: digest, contentType: type, size: response.body.count, state: .stored))
        }
    }
}
