import Foundation
import Testing
@testable import WenjinSite

/// The reading experience as the built HTML shows it (issue 13): what lists and posts label,
/// what the menu marks, where scripts load, and what the 404 page links to.
@Suite("Reader page markup")
struct ReaderPageMarkupTests {
    private static func built(_ adjust: (inout FixtureSite) throws -> Void = { _ in }) throws -> (FixtureSite, (String) throws -> String) {
        var site = try FixtureSite()
        try adjust(&site)
        _ = try site.build()
        let output = site.output
        return (site, { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) })
    }

    @Test("A question list labels when each question was asked and when it was last active")
    func listRowsLabelTheirDates() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let home = try page("index.html")
        // Question 100 was asked on 2015-04-25 and last active two days later.
        #expect(home.contains("提问于 <time datetime=\"2015-04-26T06:13:20+08:00\">"))
        #expect(home.contains("最后活动 <time datetime=\"2015-04-28T06:13:20+08:00\">"))
        #expect(home.contains("<strong>42</strong> 浏览"))
    }

    @Test("A list marks a question whose best answer the archive shows, and only that one")
    func listMarksBestAnswers() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let home = try page("index.html")
        #expect(home.components(separatedBy: "wj-has-best").count - 1 == 1)
        let row = try #require(home.range(of: "wj-has-best").map { String(home[$0.lowerBound...].prefix(300)) })
        #expect(row.contains("有最佳回答"))
    }

    @Test("The 404 page has no base address of the production host and links within the archive")
    func notFoundStaysInTheArchive() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let notFound = try page("404.html")
        #expect(!notFound.contains("<base href=\"https://archive.example.org/\">"))
        #expect(notFound.contains("<link rel=\"stylesheet\" href=\"assets/css/site.css\">"))
        #expect(notFound.contains("href=\"index.html\">回到首页</a>"))
        // Served from deeper over HTTP, a script points relative links at the site's root path.
        #expect(notFound.contains("<script data-root=\"/\">(function(){"))
    }

    @Test("Every page starts with a skip link to its main content and names the site icon")
    func skipLinkAndIcon() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        for path in ["index.html", "questions/100.html", "users/1.html", "topics/10.html", "404.html"] {
            let html = try page(path)
            #expect(html.contains("<a class=\"visually-hidden-focusable wj-skip\" href=\"#main\">跳到正文</a>"), "\(path)")
            #expect(html.contains("<main class=\"container my-4\" id=\"main\""), "\(path)")
            #expect(html.contains("<link rel=\"icon\" type=\"image/png\" href=\""), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/icon-48.png").path))
    }

    @Test("The menu marks the section the page belongs to, and no other")
    func menuMarksCurrentSection() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let expected = ["index.html": "最新问题", "unanswered.html": "等待回答", "articles.html": "文章",
                        "topics.html": "话题", "users.html": "用户", "about.html": "关于"]
        for (path, label) in expected {
            let html = try page(path)
            #expect(html.contains(" aria-current=\"page\">\(label)</a>"), "\(path)")
            #expect(html.components(separatedBy: "aria-current=\"page\"").count - 1 == 1, "\(path)")
        }
        #expect(!(try page("questions/100.html")).contains("aria-current"))
    }

    @Test("Permalinks say what they are instead of a bare #, and each answer is an article with a heading")
    func permalinksAndAnswerHeadings() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let question = try page("questions/100.html")
        #expect(!question.contains(">#</a>"))
        #expect(question.contains("<span class=\"wj-post-links small\"><a class=\"wj-permalink\" href=\"#answer-1001\""))
        #expect(question.contains("<a class=\"wj-permalink\" href=\"#comment-5000\">链接</a>"))
        #expect(!question.contains("<section"))
        #expect(question.contains("<article class=\"wj-post wj-answer wj-best\" id=\"answer-1001\""))
        #expect(question.contains("<h3 class=\"visually-hidden\" id=\"answer-1001-heading\">回答者： wang</h3>"))
        #expect(question.contains("<h3 class=\"visually-hidden\" id=\"answer-1000-heading\">回答者： 匿名用户</h3>"))
    }

    @Test("A question page labels its metadata and links to its best answer")
    func questionMetadataAndBestAnswerLink() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let question = try page("questions/100.html")
        #expect(question.contains("<li class=\"list-inline-item\">提问于 <time datetime=\"2015-04-26T06:13:20+08:00\">"))
        #expect(question.contains("<li class=\"list-inline-item\">最后活动 <time datetime=\"2015-04-28T06:13:20+08:00\">"))
        #expect(question.contains("<li class=\"list-inline-item\">浏览 42 次</li>"))
        #expect(question.contains("<a class=\"btn btn-sm btn-outline-success\" href=\"#answer-1001\">查看最佳回答</a>"))
        #expect(question.contains("class=\"wj-vote-column text-center\" aria-hidden=\"true\"><strong>2</strong>"))
    }

    @Test("An anonymous answer's card shows the anonymous avatar and no link; a user's card links the profile")
    func userCards() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let question = try page("questions/100.html")
        let anonymous = try #require(question.range(of: "id=\"answer-1000\"").map { String(question[$0.lowerBound...]) })
        let anonymousCard = try #require(anonymous.range(of: "<div class=\"wj-user-card\">").map {
            String(anonymous[$0.lowerBound...]).components(separatedBy: "wj-permalink")[0]
        })
        #expect(anonymousCard.contains("src=\"../assets/img/avatar.svg\""))
        #expect(anonymousCard.contains("<span class=\"wj-person wj-anonymous\">匿名用户</span>"))
        #expect(!anonymousCard.contains("href="))
        // Question 100's asker, 李华, has a stored avatar.
        let askerCard = try #require(question.range(of: "<div class=\"wj-user-card\">").map { String(question[$0.lowerBound...].prefix(400)) })
        #expect(askerCard.contains("<a class=\"wj-person\" href=\"../users/1.html\">李华</a>"))
        #expect(askerCard.contains("src=\"../images/\(FixtureSite.imageSHA).png\""))
    }

    @Test("The users index shows each user's account name, which tells apart equal nick names")
    func usersIndexShowsAccountNames() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        let users = try page("users.html")
        #expect(users.contains("<div class=\"small text-muted wj-user-name\">@lihua</div>"))
        #expect(users.contains("<div class=\"small text-muted wj-user-name\">@wang</div>"))
    }

    @Test("jQuery loads only on question and article pages, and every script in the body is deferred")
    func scriptsLoadWhereUsed() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        for path in ["index.html", "users/1.html", "topics/10.html", "about.html", "404.html", "search.html"] {
            #expect(!(try page(path)).contains("jquery"), "\(path)")
        }
        for path in ["questions/100.html", "articles/7.html"] {
            let html = try page(path)
            #expect(html.contains("<script src=\"../assets/vendor/jquery.min.js\" defer></script>\n<script src=\"../assets/js/reader.js\" defer></script>"), "\(path)")
        }
        for path in ["index.html", "questions/100.html"] {
            let html = try page(path)
            let body = try #require(html.range(of: "<body").map { html[$0.lowerBound...] })
            let scripts = body.components(separatedBy: "<script src=").dropFirst()
            #expect(!scripts.isEmpty)
            #expect(scripts.allSatisfy { $0.prefix(while: { $0 != ">" }).hasSuffix(" defer") }, "\(path)")
        }
    }

    @Test("The related questions beside a question share its topics and leave out a taken-down one")
    func relatedQuestions() throws {
        let (site, page) = try Self.built()
        defer { site.remove() }
        // 100 and 101 share topic 10; 102 has no topic.
        #expect(try page("questions/100.html").contains("<li><a href=\"../questions/101.html\">C++ 和 Java 选哪个？</a>"))
        #expect(try page("questions/101.html").contains("<li><a href=\"../questions/100.html\">图书馆几点开门？</a>"))
        #expect(try page("questions/102.html").contains("没有相关问题。"))
        try #"{"questions": [101]}"#.write(to: site.root.appendingPathComponent("takedowns.json"), atomically: true, encoding: .utf8)
        _ = try site.build()
        let after = try page("questions/100.html")
        #expect(!after.contains("C++ 和 Java"))
        #expect(after.contains("没有相关问题。"))
    }
}
