import WenjinCrawler

extension CrawlError: UserFacingError {
    public var failure: String {
        switch reason {
        case .loginFailed: "cannot log in to the community"
        case .robotsUnavailable: "the community's robots.txt cannot be read, so nothing may be crawled"
        case .tooManyFailures(let failed, let finished, _): "the crawl stopped: \(failed) of \(finished) tasks failed"
        case .store: "the crawl store cannot be written"
        case .assetFolder: "an image cannot be saved"
        }
    }

    public var cause: String? {
        switch reason {
        case .loginFailed(let why): why
        case .robotsUnavailable: "the server answered robots.txt with an error or not at all (RFC 9309: crawl nothing then)"
        case .tooManyFailures(_, _, let share):
            "more than \(Int(share * 100))% failed (crawl.maxFailureShare); for example:\n  "
                + examples.joined(separator: "\n  ")
        case .store(let why), .assetFolder(let why): why
        }
    }

    public var remedy: String? {
        switch reason {
        case .loginFailed: "check the user name and password in the variables named by source.login in site.json"
        case .robotsUnavailable: "try again later, or set crawl.obeyRobotsTxt to false if you run the community"
        case .tooManyFailures: "fix the cause, then run `wenjin crawl` again: it resumes and re-tries the failed tasks"
        case .store: "check the disk and the store folder, then run `wenjin crawl` again to resume"
        case .assetFolder: "check the disk and the permissions of the store folder, then run `wenjin crawl` again"
        }
    }
}
