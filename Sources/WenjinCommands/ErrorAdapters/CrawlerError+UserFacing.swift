import WenjinAPI
import WenjinCrawler
import WenjinStore

extension CrawlError: UserFacingError {
    package var failure: String {
        switch reason {
        case .loginFailed: "cannot log in to the community"
        case .robotsUnavailable: "the community's robots.txt cannot be read, so nothing may be crawled"
        case .tooManyFailures(let failed, let finished, _): "the crawl stopped: \(failed) of \(finished) tasks failed"
        case .store: "the crawl store cannot be written"
        case .assetFolder: "an image cannot be saved"
        }
    }

    package var cause: String? {
        switch reason {
        case .loginFailed(let error): error.description
        case .robotsUnavailable(let error):
            "the server answered robots.txt with an error or not at all (RFC 9309: crawl nothing then): \(error)"
        case .tooManyFailures(_, _, let share):
            "more than \(Int(share * 100))% failed (crawl.maxFailureShare); for example:\n  "
                + examples.joined(separator: "\n  ")
        case .store(let error): error.cause
        case .assetFolder: nil
        }
    }

    package var remedy: String? {
        switch reason {
        case .loginFailed(let error):
            Self.transportRemedy(error) ?? "check the user name and password in the variables named by source.login in site.json"
        case .robotsUnavailable(let error):
            Self.transportRemedy(error) ?? "try again later, or set crawl.obeyRobotsTxt to false if you run the community"
        case .tooManyFailures: "fix the cause, then run `wenjin crawl` again: it resumes and re-tries the failed tasks"
        case .store(let error): Self.storeRemedy(error)
        case .assetFolder: "check the disk and the permissions of the store folder, then run `wenjin crawl` again"
        }
    }

    /// Advice for a request that failed below the API (network, limits, redirects); nil when the
    /// server did answer and the caller's own advice fits.
    static func transportRemedy(_ error: APIError) -> String? {
        switch error.reason {
        case .transport, .timedOut:
            "check that the community is reachable at source.baseURL (or --source), then try again"
        case .deadlineExceeded:
            "the server sends too slowly: try again later, or raise crawl.deadlineSeconds in site.json"
        case .tooLarge:
            "the server sent more than crawl.maxResponseBytes; raise it in site.json only if the source is trusted"
        case .compressedBody:
            "the server compresses although wenjin asked it not to; it must honour Accept-Encoding: identity"
        case .redirectRefused(let location):
            "the source redirects outside its address; if \(location) is the community, set source.baseURL to it"
        default:
            nil
        }
    }

    /// Advice that fits what SQLite said, not always "check the disk".
    static func storeRemedy(_ error: StoreError) -> String {
        let resume = ", then run `wenjin crawl` again to resume"
        guard case .sqlite(let code) = error.reason else { return (error.remedy ?? "check the store folder") + resume }
        switch code & 0xFF {
        case 13: return "the disk is full: free some space" + resume
        case 18: return "a value is larger than SQLite allows: lower crawl.maxResponseBytes or crawl.maxAssetBytes" + resume
        case 3, 8, 14: return "check the permissions of the store folder and its files" + resume
        case 5, 6: return "another wenjin is using the store: wait for it to finish" + resume
        case 10: return "the disk reported an input/output error: check it" + resume
        case 11, 26: return "the store file is damaged: move it away and crawl again"
        default: return "check the disk and the store folder" + resume
        }
    }
}
