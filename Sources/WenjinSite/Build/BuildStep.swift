/// The named steps of a build, in order; their names appear in progress lines and errors.
package enum BuildStep: String, Sendable, CaseIterable {
    /// Before anything else: the output may go where it was asked to (`OutputPlace`).
    case checkOutput = "check output"
    case loadTheme = "load theme"
    case readStore = "read store"
    case sanitizeBodies = "sanitize bodies"
    case renderPages = "render pages"
    case copyFiles = "copy files"
    case writeIndexes = "write indexes"
    /// `_headers` and precompressed siblings, with `build.hosting` only (`HostingFiles`).
    case hostingFiles = "write hosting files"
    case publish = "publish"
}

/// Where a build reports how far it got; the command turns it into progress bars.
package protocol BuildProgress: Sendable {
    /// A step starts; `total` is the number of items it will count, when known.
    func begin(_ step: BuildStep, total: Int?)
    /// `count` more items of the current step are done: pages, files, bodies; templates when
    /// loading the theme, entities when reading the store.
    func advance(by count: Int)
    /// The step is over.
    func end(_ step: BuildStep)
    /// A line worth telling the user about the current step: why it does more work than usual.
    func note(_ line: String)
}

extension BuildProgress {
    package func note(_ line: String) {}
}

/// Progress that goes nowhere, for tests and library callers that do not show any.
package struct SilentProgress: BuildProgress {
    package init() {}
    package func begin(_ step: BuildStep, total: Int?) {}
    package func advance(by count: Int) {}
    package func end(_ step: BuildStep) {}
}
