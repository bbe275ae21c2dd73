import Testing

extension Tag {
    /// Tests that run the whole program or a real browser: the demo, the built `wenjin` binary
    /// killed mid-crawl or mid-build, headless Chromium. They take most of the suite's time, so
    /// `swift test --skip-build --skip-tags`-style runs during work leave them out (README,
    /// "Testing"); `make test` runs them like every other test.
    @Tag public static var endToEnd: Self
}
