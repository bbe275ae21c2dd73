import Foundation
import Testing
@testable import WenjinSanitizer

@Suite struct CachedSanitizationTests {
    static let body = """
        见<a href="http://wenjin.in/?/question/3521">这个问题</a>和<a href="http://wenjin.in/?/question/9999">那个</a>\
        <img src='http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg'/>
        """

    @Test func aCachedResultIsReusedWhileTheResolverAnswersTheSame() throws {
        let cached = Fixture.sanitizer.sanitizeForCache(Self.body, markup: .html)
        let decoded = try JSONDecoder().decode(CachedSanitization.self, from: JSONEncoder().encode(cached))
        let restored = try #require(Fixture.sanitizer.restore(decoded))
        #expect(restored.0 == Fixture.sanitizer.sanitize(html: Self.body).0)
        #expect(cached.answers.count == 3)
    }

    @Test func aPageArchivedSinceMakesTheCachedResultStale() {
        let cached = Fixture.sanitizer.sanitizeForCache(Self.body, markup: .html)
        var resolver = Fixture.resolver
        resolver.pages[.question(id: 9999, answerID: nil)] = "../questions/9999.html"
        let later = Sanitizer(hosts: Fixture.sanitizer.hosts, resolver: resolver)
        #expect(later.restore(cached) == nil)
        #expect(later.sanitize(html: Self.body).0.html.contains("href=\"../questions/9999.html\""))
    }

    @Test func anotherPolicyVersionOrSourceMakesTheCachedResultStale() {
        let cached = Fixture.sanitizer.sanitizeForCache(Self.body, markup: .html)
        var policy = SanitizePolicy.standard
        policy.version += 1
        #expect(Sanitizer(policy: policy, hosts: Fixture.sanitizer.hosts, resolver: Fixture.resolver).restore(cached) == nil)
        let moved = Sanitizer(hosts: CommunityHosts(source: "http://wenjin.in/"), resolver: Fixture.resolver)
        #expect(moved.restore(cached) == nil)
    }

    @Test func storedBBCodeRemembersTheAttachmentsItAskedFor() {
        let cached = Fixture.sanitizer.sanitizeForCache("图：[attach]42[/attach]", markup: .bbcode)
        #expect(cached.answers.contains { $0.question == .attachmentURL(id: 42) })
        #expect(cached.html == Fixture.sanitizer.renderBBCode("图：[attach]42[/attach]").0.html)
        var resolver = Fixture.resolver
        resolver.attachments[42] = nil
        #expect(Sanitizer(hosts: Fixture.sanitizer.hosts, resolver: resolver).restore(cached) == nil)
    }
}
