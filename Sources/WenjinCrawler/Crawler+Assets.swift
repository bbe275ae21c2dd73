import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Images: checked by host (`AssetHostPolicy`), status, content type and completeness, capped at
/// `maxAssetBytes` while downloading, stored once by SHA-256.
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
        let response: APIResponse
        do {
            response = try await client.get(url, maxBytes: limit) { response throws(APIError) in
                // A body shorter than announced is a cut connection: retry it like one.
                if (200...299).contains(response.status), let length = response.header("Content-Length").flatMap(Int.init),
                   length != response.body.count {
                    throw APIError(.truncatedBody(received: response.body.count, announced: length), url: address,
                                   status: response.status)
                }
            }
        } catch {
            // Too large (the download was aborted at the cap) is an answer about this image,
            // recorded like a missing one; anything else fails the task.
            guard case .failed(let problem, _) = error, case .tooLarge = problem.reason else { throw error }
            count { $0.bodiesRefused += 1 }
            return { writer in
                try writer.put(Asset(url: key, state: .failed, error: "larger than the \(limit)-byte limit (crawl.maxAssetBytes); download aborted"))
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
        let digest = try assets.store(response.body)
        count { $0.assetsStored += 1 }
        return { writer in
            try writer.put(Asset(url: key, sha256: digest, contentType: type, size: response.body.count, state: .stored))
        }
    }
}
