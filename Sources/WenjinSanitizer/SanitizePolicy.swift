/// The allowlist, in one place: which elements and attributes survive, which URL schemes,
/// and which elements go with everything inside them. Any change here must bump `version`,
/// because the store caches sanitized bodies by (content hash, policy version).
package struct SanitizePolicy: Sendable, Equatable {
    /// What happens to an element, by lower-case tag name.
    package enum ElementRule: Sendable, Equatable {
        /// Kept, with the attributes of `attributes[name]` and `globalAttributes`.
        case keep
        /// Removed together with everything inside it (scripts, forms, SVG, ...).
        case dropWithContent
        /// Replaced by another element name (`image` → `img`, `strike` → `s`).
        case rename(String)
    }

    /// Bump on any change below.
    package var version: Int
    /// Elements not listed here are unwrapped: their content stays, the tag goes.
    package var elements: [String: ElementRule]
    /// Attributes allowed on every kept element.
    package var globalAttributes: Set<String>
    /// Attributes allowed per element, besides the global ones.
    package var attributes: [String: Set<String>]
    /// Attributes whose value is a URL and must pass `allowedSchemes`.
    package var urlAttributes: Set<String>
    /// Schemes a URL may have; URLs without a scheme (relative) are always allowed.
    package var allowedSchemes: Set<String>
    /// WeCenter's `[size=N]` pixel sizes become the class `wj-size-N`, clamped to this range.
    package var fontSizes: ClosedRange<Int>
    /// `rel` of every link that leaves the archive.
    package var outsideLinkRel: String
    /// Link text of an image the archive lacks (when it has no alt text).
    package var missingImageText: String

    /// The policy `wenjin build` and `wenjin sanitize` use.
    package static let standard = SanitizePolicy(
        version: 5,  // 2: relative URLs in bodies are read against the source; 3: `//host`, `\\host` are web links;
        // 4: every image has `alt`, `<br>` beside a block goes, `[*]` marks in a list become items;
        // 5: a stored image gets its file's `width` and `height` (`ArchiveResolver.imageSize(atPath:)`)
        elements: standardElements,
        globalAttributes: ["title", "lang", "dir"],
        attributes: [
            "a": ["href"],
            "img": ["src", "alt", "width", "height"],
            "td": ["colspan", "rowspan"],
            "th": ["colspan", "rowspan", "scope"],
            "ol": ["start", "reversed"],
            "blockquote": ["cite"],
            "q": ["cite"],
            "del": ["cite", "datetime"],
            "ins": ["cite", "datetime"],
            "time": ["datetime"],
        ],
        urlAttributes: ["href", "src", "cite"],
        allowedSchemes: ["http", "https", "mailto"],
        fontSizes: 10...40,
        outsideLinkRel: "nofollow noopener noreferrer ugc",
        missingImageText: "[图片]")

    private static let standardElements: [String: ElementRule] = {
        var rules: [String: ElementRule] = [:]
        let kept = """
            a abbr b bdi bdo blockquote br caption cite code col colgroup dd del dfn div dl dt em \
            figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q rp rt ruby s \
            samp small span strong sub sup table tbody td tfoot th thead time tr u ul var wbr
            """
        for name in kept.split(separator: " ") { rules[String(name)] = .keep }
        let dropped = """
            script style iframe frame frameset object embed applet param form input button select \
            option optgroup textarea datalist output keygen svg math template noscript noembed \
            noframes head title meta link base audio video source track canvas map area xmp \
            plaintext dialog
            """
        for name in dropped.split(separator: " ") { rules[String(name)] = .dropWithContent }
        rules["image"] = .rename("img")
        rules["strike"] = .rename("s")
        rules["tt"] = .rename("code")
        return rules
    }()
}
