import Testing
@testable import WenjinSanitizer

/// `width` and `height` on body images the archive stores, from the resolver's stored sizes,
/// so a page keeps each image's place while it loads.
@Suite struct ImageSizeAttributesTests {
    static let original = "http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg"

    static func sanitize(_ html: String, sizes: [String: ImageSize] = ["../assets/01/23.jpg": ImageSize(width: 800, height: 600)!]) -> String {
        var resolver = Fixture.resolver
        resolver.sizes = sizes
        return Sanitizer(hosts: CommunityHosts(source: Fixture.source), resolver: resolver).sanitize(html: html).0.html
    }

    @Test func `a stored image without a size gets its file's width and height`() {
        #expect(Self.sanitize(#"<p><img src="\#(Self.original)"></p>"#)
            == #"<p><img src="../assets/01/23.jpg" alt="" width="800" height="600" loading="lazy" /></p>"#)
    }

    @Test func `an image whose size is unknown gets none`() {
        #expect(Self.sanitize(#"<p><img src="\#(Self.original)"></p>"#, sizes: [:])
            == #"<p><img src="../assets/01/23.jpg" alt="" loading="lazy" /></p>"#)
    }

    @Test func `one side given in pixels gets the other at the image's proportions`() {
        #expect(Self.sanitize(#"<img src="\#(Self.original)" width="200">"#)
            == #"<img src="../assets/01/23.jpg" alt="" width="200" height="150" loading="lazy" />"#)
        #expect(Self.sanitize(#"<img src="\#(Self.original)" height="30">"#)
            == #"<img src="../assets/01/23.jpg" alt="" height="30" width="40" loading="lazy" />"#)
    }

    @Test func `sizes the body states in full or in percent are left alone`() {
        #expect(Self.sanitize(#"<img src="\#(Self.original)" width="10" height="10">"#)
            == #"<img src="../assets/01/23.jpg" alt="" width="10" height="10" loading="lazy" />"#)
        #expect(Self.sanitize(#"<img src="\#(Self.original)" width="50%">"#)
            == #"<img src="../assets/01/23.jpg" alt="" width="50%" loading="lazy" />"#)
    }

    @Test func `an image the archive lacks stays a link with no size`() {
        let html = Self.sanitize(#"<img src="http://wenjin.in/uploads/answer/other.jpg">"#)
        #expect(!html.contains("width"))
        #expect(html.contains("<a href=\"http://wenjin.in/uploads/answer/other.jpg\""))
    }

    @Test func `sanitizing a sized body again changes nothing`() {
        for body in [#"<p><img src="\#(Self.original)"></p>"#, #"<img src="\#(Self.original)" width="200">"#] {
            let once = Self.sanitize(body)
            #expect(Self.sanitize(once) == once)
            #expect(Self.sanitize(once, sizes: [:]) == once)
        }
    }
}
