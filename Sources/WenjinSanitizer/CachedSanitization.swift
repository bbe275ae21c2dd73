/// A question the sanitizer asked the site builder's resolver, with the answer it got.
/// A cached result stays valid only while the resolver still answers the same: a page
/// archived since then must turn an absolute link into a relative one.
public struct ResolverAnswer: Codable, Hashable, Sendable {
    public enum Question: Codable, Hashable, Sendable {
        case localPath(CommunityLink)
        case attachmentURL(id: Int)
    }

    public var question: Question
    public var answer: String?
}

/// Which markup a stored body is in (wenjin-api.md §3.2).
public enum BodyMarkup: String, Codable, Sendable {
    /// Question details, answers and articles from the detail endpoints.
    case html
    /// Stored BBCode: home and topic lists, my_question/my_answer.
    case bbcode
}

/// A sanitized body as the store caches it, keyed by (`Sanitizer.contentHash` of the input,
/// `policyVersion`): what `Sanitizer.restore` needs to hand it out again, or to refuse.
public struct CachedSanitization: Codable, Equatable, Sendable {
    public var policyVersion: Int
    /// `CommunityHosts.sourceBase` when it was made: root-relative links depend on it.
    public var sourceBase: String
    public var html: String
    public var report: SanitizeReport
    public var answers: [ResolverAnswer]
}

extension Sanitizer {
    /// Sanitizes a body and keeps what is needed to reuse the result in a later build.
    public func sanitizeForCache(_ body: String, markup: BodyMarkup) -> CachedSanitization {
        let recorder = RecordingResolver(resolver)
        let (html, report) = sanitize(body, markup: markup, resolver: recorder)
        return CachedSanitization(
            policyVersion: policy.version, sourceBase: hosts.sourceBase, html: html.html, report: report,
            answers: recorder.answers)
    }

    /// The cached result, or nil when it must be made again: another policy, another source,
    /// or a resolver that now answers one of its questions differently.
    public func restore(_ cached: CachedSanitization) -> (SanitizedHTML, SanitizeReport)? {
        guard cached.policyVersion == policy.version, cached.sourceBase == hosts.sourceBase else { return nil }
        for answer in cached.answers {
            let now: String? =
                switch answer.question {
                case .localPath(let link): resolver.localPath(for: link)
                case .attachmentURL(let id): resolver.attachmentURL(id: id)
                }
            guard now == answer.answer else { return nil }
        }
        return (SanitizedHTML(html: cached.html), cached.report)
    }
}

/// Passes questions on to the site builder's resolver and notes each answer, once.
/// Lives for one sanitize call on one thread.
final class RecordingResolver: ArchiveResolver, @unchecked Sendable {
    private let resolver: any ArchiveResolver
    private(set) var answers: [ResolverAnswer] = []
    private var asked: Set<ResolverAnswer.Question> = []

    init(_ resolver: any ArchiveResolver) {
        self.resolver = resolver
    }

    func localPath(for link: CommunityLink) -> String? {
        record(.localPath(link), resolver.localPath(for: link))
    }

    func attachmentURL(id: Int) -> String? {
        record(.attachmentURL(id: id), resolver.attachmentURL(id: id))
    }

    /// Not recorded: the answer depends on the path's form alone, not on what the archive holds.
    func isArchivePath(_ path: String) -> Bool { resolver.isArchivePath(path) }

    private func record(_ question: ResolverAnswer.Question, _ answer: String?) -> String? {
        if asked.insert(question).inserted { answers.append(ResolverAnswer(question: question, answer: answer)) }
        return answer
    }
}
