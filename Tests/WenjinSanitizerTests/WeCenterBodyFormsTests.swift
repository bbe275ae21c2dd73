import Foundation
import Testing
@testable import WenjinSanitizer

/// The body forms of docs/api.md §3.2 and §8.4, each with the HTML the archive shows.
@Suite struct WeCenterBodyFormsTests {
    static let renderedHTML: [(String, String)] = [
        ("一楼<br />\r\n<strong>周末</strong>照常。", "一楼<br />\n<strong>周末</strong>照常。"),
        ("图如下：<br />\r\n<img src='http://127.0.0.1:8088/uploads/questions/20261129/8389cccd9faf6136bf90115b8701f5c6.jpg'/>",
         "图如下：<br />\n<img src=\"../assets/83/89.jpg\" alt=\"\" loading=\"lazy\" />"),
        ("<img src='http://wenjin.in/uploads/answer/20151112/ffffffffffffffffffffffffffffffff.jpg'/>",
         "<a href=\"http://wenjin.in/uploads/answer/20151112/ffffffffffffffffffffffffffffffff.jpg\" rel=\"nofollow noopener noreferrer ugc\">[图片]</a>"),
        ("前<img src=''/>后", "前后"),
        ("&lt;script&gt;alert(1)&lt;/script&gt; 求建议", "&lt;script&gt;alert(1)&lt;/script&gt; 求建议"),
        ("<pre>print(&quot;hello&quot;)<br />\r\nif a &lt; b and c &gt; d: pass</pre>",
         "<pre>print(\"hello\")\nif a &lt; b and c &gt; d: pass</pre>"),
        ("<blockquote><p>听说 C++ 很难</p></blockquote><br />\r\n其实", "<blockquote><p>听说 C++ 很难</p></blockquote>\n其实"),
        ("<span style=\"text-decoration:underline;\">重点</span>", "<u>重点</u>"),
        ("<span style=\"font-size:18px\">大字</span>", "<span class=\"wj-size-18\">大字</span>"),
        ("<span style=\"font-size:99px\">巨字</span>", "<span class=\"wj-size-40\">巨字</span>"),
        ("<a href=\"https://www.example.com/notice?a=1&amp;b=2\" rel=\"nofollow\" target=\"_blank\">https://www.example.com/notice ... enjin</a>",
         "<a href=\"https://www.example.com/notice?a=1&amp;b=2\" rel=\"nofollow noopener noreferrer ugc\">https://www.example.com/notice ... enjin</a>"),
        ("我觉得一般般。<br />\r\n<ul>[*]太咸[*]排队久</ul>", "我觉得一般般。\n<ul><li>太咸</li><li>排队久</li></ul>"),
        ("欢迎！<br><img src='http://127.0.0.1:8088/uploads/questions/20261129/8389cccd9faf6136bf90115b8701f5c6.jpg'/>",
         "欢迎！<br /><img src=\"../assets/83/89.jpg\" alt=\"\" loading=\"lazy\" />"),
        // The 2016 thumbnail/full-size pair that bridge.js toggled (§3.4).
        ("<div class=\"photoBox\"><img class=\"miniimg\" src=\"http://wenjin.in/uploads/answer/20151112/170x110_0123456789abcdef0123456789abcdef.jpg\"></div><div><img class=\"maximg\" src=\"about:blank\"></div>",
         "<div><img src=\"../assets/01/23.jpg\" alt=\"\" loading=\"lazy\" /></div><div></div>"),
        ("正文<script type=\"text/javascript\" src=\"http://wenjin.in/static/js/app/app.js\"></script>", "正文"),
        ("表情 👍🏽 和 e\u{301} 与&nbsp;空格", "表情 👍🏽 和 e\u{301} 与\u{A0}空格"),
    ]

    @Test(arguments: renderedHTML)
    func renderedHTMLBodiesBecomeTheArchiveHTML(_ input: String, _ expected: String) {
        #expect(Fixture.sanitize(input) == expected)
    }

    static let storedBBCode: [(String, String)] = [
        ("[b]周末[/b]照常开放。", "<strong>周末</strong>照常开放。"),
        ("a\r\nb", "a<br />\nb"),
        ("我觉得一般般。\r<br>[list][*]太咸[*]排队久[/list]", "我觉得一般般。\n<ul><li>太咸</li><li>排队久</li></ul>"),
        ("[list][*]太咸[/*][*]排队久[/*][/list]", "<ul><li>太咸</li><li>排队久</li></ul>"),
        ("图\r<br><img src='http://127.0.0.1:8088/uploads/questions/20261129/8389cccd9faf6136bf90115b8701f5c6.jpg'/>",
         "图\n<br /><img src=\"../assets/83/89.jpg\" alt=\"\" loading=\"lazy\" />"),
        ("[list=1][*]一[/*][/list]", "<ol><li>一</li></ol>"),
        ("[code]print(&quot;hello&quot;)\r<br>if a &lt; b: pass[/code]\r<br>Python &amp; 简单",
         "<pre>print(\"hello\")\nif a &lt; b: pass</pre>\nPython &amp; 简单"),
        ("[url=http://wenjin.in/?/question/3521]看这里[/url]", "<a href=\"../questions/3521.html\">看这里</a>"),
        ("[url]http://example.com/a[/url]", "<a href=\"http://example.com/a\" rel=\"nofollow noopener noreferrer ugc\">http://example.com/a</a>"),
        ("[img]http://example.com/a.png[/img]", "<a href=\"http://example.com/a.png\" rel=\"nofollow noopener noreferrer ugc\">[图片]</a>"),
        ("图：[attach]42[/attach]", "图：<img src=\"../assets/01/23.jpg\" alt=\"\" loading=\"lazy\" />"),
        ("图：[attach]9[/attach]", "图："),
        ("[size=18]大[/size]", "<span class=\"wj-size-18\">大</span>"),
        ("[quote]引用[/quote]", "<blockquote><p>引用</p></blockquote>"),
        ("[u]下划线[/u][s]删除[/s][i]斜[/i]", "<u>下划线</u><del>删除</del><em>斜</em>"),
        ("见 https://example.com/x?a=1&amp;b=2 。",
         "见 <a href=\"https://example.com/x?a=1&amp;b=2\" rel=\"nofollow noopener noreferrer ugc\">https://example.com/x?a=1&amp;b=2</a> 。"),
        ("&lt;http://example.com/a&gt;", "&lt;<a href=\"http://example.com/a\" rel=\"nofollow noopener noreferrer ugc\">http://example.com/a</a>&gt;"),
        ("[b]没有结尾", "[b]没有结尾"),
        ("[b]粗[i]斜[/b]", "<strong>粗[i]斜</strong>"),
        ("&lt;b&gt;这不是标签&lt;/b&gt;", "&lt;b&gt;这不是标签&lt;/b&gt;"),
        ("[url=javascript:alert(1)]点我[/url]", "<a>点我</a>"),
    ]

    @Test(arguments: storedBBCode)
    func storedBBCodeBecomesTheSameSafeHTML(_ input: String, _ expected: String) {
        #expect(Fixture.sanitizer.renderBBCode(input).0.html == expected)
    }

    @Test func theHomeListFormAndTheRenderedFormOfOneAnswerShowTheSame() {
        let rendered = Fixture.sanitize("我觉得一般般。<br />\r\n<ul>[*]太咸[*]排队久</ul>")
        let home = Fixture.sanitizer.renderBBCode("我觉得一般般。\r<br>[list][*]太咸[*]排队久[/list]").0.html
        #expect(Fixture.sanitizer.plainText(fromHTML: rendered) == Fixture.sanitizer.plainText(fromHTML: home))
    }

    static let escapedText: [(String, String)] = [
        ("&quot;零基础&quot;", "\"零基础\""),
        ("A &amp;amp; B", "A &amp; B"),
        ("&lt;script&gt;", "<script>"),
        ("&#20320;&#x597D;&#X21;", "你好!"),
        ("it's &apos;ok&apos;", "it's 'ok'"),
        ("a&nbsp;b &copy;", "a\u{A0}b ©"),
        ("&bogus; & alone &amp", "&bogus; & alone &amp"),
        ("&#0;&#xD800;", "\u{FFFD}\u{FFFD}"),
    ]

    @Test(arguments: escapedText)
    func escapedTitlesAreDecodedExactlyOnce(_ input: String, _ expected: String) {
        #expect(Sanitizer.decodeEntities(input) == expected)
    }
}
