import Testing
@testable import WenjinSanitizer

@Test func scratch() {
    for input in [
        "<p>你好<b>世界</p><script>alert(1)</script><img src=x onerror=alert(1)>",
        "<pre>\nfoo<br />\r\nbar</pre>",
        "<p><foo><div>x</div></foo></p>",
        "plain 👍🏽 text &nbsp; a&amp;b",
        "a<br />\r\n<img src='http://127.0.0.1:8088/uploads/questions/20261129/170x110_8389cccd9faf6136bf90115b8701f5c6.jpg'/>",
        "<a href='http://wenjin.in/?/question/3521?answer_id=10873&single=TRUE'>q</a> <a href='http://example.com/'>x</a>",
        "<span style=\"text-decoration:underline;\">u</span><span style=\"font-size:18px\">big</span>",
    ] {
        print("IN :", input.debugDescription)
        print("OUT:", Fixture.sanitize(input).debugDescription)
    }
}
