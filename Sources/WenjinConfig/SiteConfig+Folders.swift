extension SiteConfig {
    /// Output of `wenjin build`.
    public struct Build: Sendable, Equatable {
        /// Disposable; `wenjin build --output DIR` wins.
        public var outputDirectory = ConfigPath("_site")
        /// Folders outside the site folder whose files a build may publish: what the theme, its
        /// libraries and `Public/` name there, through a link or an absolute path (`ReadableArea`).
        /// Debian's JavaScript packages by default, where Bootstrap and jQuery come from.
        public var allowOutside = [ConfigPath("/usr/share/javascript")]
        /// Files for a static host (precompressed siblings, hashed asset names, `_headers`);
        /// nil, the default, writes none of them.
        public var hosting: Hosting? = nil
        public init() {}
    }

    /// The crawl store: expensive to rebuild and never inside the output.
    public struct Store: Sendable, Equatable {
        public var directory = ConfigPath(".wenjin")
        public init() {}
    }

    /// The local drafts file in the iOS client's schema.
    public struct Drafts: Sendable, Equatable {
        public var path = ConfigPath("draft.db")
        public init() {}
    }

    /// The theme and the libraries it is built with. Bootstrap and jQuery are copied from
    /// Debian's packages (libjs-bootstrap5, libjs-jquery) into the output, not committed.
    public struct Theme: Sendable, Equatable {
        /// A folder under `Themes/`.
        public var name = "default"
        public var bootstrapCSS = ConfigPath("/usr/share/javascript/bootstrap5/css/bootstrap.min.css")
        public var bootstrapJS = ConfigPath("/usr/share/javascript/bootstrap5/js/bootstrap.bundle.min.js")
        public var jQuery = ConfigPath("/usr/share/javascript/jquery/jquery.min.js")
        public init() {}
    }
}
