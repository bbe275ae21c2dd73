extension SiteConfig {
    /// Output of `wenjin build`.
    package struct Build: Sendable, Equatable {
        /// Disposable; `wenjin build --output DIR` wins.
        package var outputDirectory = ConfigPath("_site")
        /// Folders outside the site folder whose files a build may publish: what the theme, its
        /// libraries and `Public/` name there, through a link or an absolute path (`ReadableArea`).
        /// Debian's JavaScript packages by default, where Bootstrap and jQuery come from.
        package var allowOutside = [ConfigPath("/usr/share/javascript")]
        /// Files for a static host (precompressed siblings, hashed asset names, `_headers`);
        /// nil, the default, writes none of them.
        package var hosting: Hosting? = nil
        package init() {}
    }

    /// The crawl store: expensive to rebuild and never inside the output.
    package struct Store: Sendable, Equatable {
        package var directory = ConfigPath(".wenjin")
        package init() {}
    }

    /// The local drafts file in the iOS client's schema.
    package struct Drafts: Sendable, Equatable {
        package var path = ConfigPath("draft.db")
        package init() {}
    }

    /// The theme and the libraries it is built with. Bootstrap and jQuery are copied from
    /// Debian's packages (libjs-bootstrap5, libjs-jquery) into the output, not committed.
    package struct Theme: Sendable, Equatable {
        /// A folder under `Themes/`.
        package var name = "default"
        package var bootstrapCSS = ConfigPath("/usr/share/javascript/bootstrap5/css/bootstrap.min.css")
        package var bootstrapJS = ConfigPath("/usr/share/javascript/bootstrap5/js/bootstrap.bundle.min.js")
        package var jQuery = ConfigPath("/usr/share/javascript/jquery/jquery.min.js")
        package init() {}
    }
}
