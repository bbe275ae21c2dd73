import Foundation
import Testing

extension Tag {
    /// Tests that run the whole program or outside programs: the demo, the built `wenjin` binary
    /// killed mid-crawl or mid-build, headless Chromium (axe-core and the print stylesheet
    /// included), nginx, kiwix-serve and zim-tools, the W3C validator's Java. They take much of
    /// the suite's time.
    @Tag package static var endToEnd: Self
}

/// Leaving the end-to-end tests out during work: `WENJIN_SKIP_END_TO_END=1 swift test` skips
/// every suite and test that carries `EndToEnd.skippable` (each also tagged `.endToEnd`), since
/// this toolchain's `swift test` cannot filter by tag. `make test` clears the variable and runs
/// them like every other test.
package enum EndToEnd {
    package static let variable = "WENJIN_SKIP_END_TO_END"

    package static var skippable: ConditionTrait {
        .disabled(if: ProcessInfo.processInfo.environment[variable] == "1", "end-to-end, and \(variable)=1 leaves those out")
    }
}
