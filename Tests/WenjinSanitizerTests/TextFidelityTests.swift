import Testing
@testable import WenjinSanitizer

/// Authors' text reaches the page as written: every script, no double escaping, only the
/// characters HTML cannot carry replaced.
@Suite struct TextFidelityTests {
    static let cases: [(String, String)] = [
        ("中文、emoji 👍🏽👨‍👩‍👧 and e\u{301}", "中文、emoji 👍🏽👨‍👩‍👧 and e\u{301}"),
        (String(decoding: [0x61, 0xFF, 0xFE, 0x62] as [UInt8], as: UTF8.self), "a\u{FFFD}\u{FFFD}b"),
        ("a\u{0}b", "a\u{FFFD}b"),
        ("a\u{1}\u{8}\u{7F}b\u{FFFF}", "ab"),
        ("line\r\nbreak\rhere", "line\nbreak\nhere"),
        ("&amp;lt;b&amp;gt; stays &amp;lt;b&amp;gt;", "&amp;lt;b&amp;gt; stays &amp;lt;b&amp;gt;"),
        ("\"quotes\" and 'apostrophes'", "\"quotes\" and 'apostrophes'"),
        ("<p title='a \"b\" &amp; c'>x</p>", "<p title=\"a &quot;b&quot; &amp; c\">x</p>"),
    ]

    @Test(arguments: cases)
    func textIsKeptExceptWhatHTMLCannotCarry(_ input: String, _ expected: String) {
        #expect(Fixture.sanitize(input) == expected)
    }

    @Test func plainTextIsWhatAReaderSees() {
        let html = "<p>你好<b>世界</b></p><p>第二段<br />换行<script>alert(1)</script></p><ul><li>一</li><li>二</li></ul>"
        #expect(Fixture.sanitizer.plainText(fromHTML: html) == "你好世界 第二段 换行 一 二")
    }
}
