import Synchronization
import Testing
@testable import WenjinCommands

/// A clock the test moves by hand.
private final class ManualClock: Sendable {
    private let now = Mutex(0.0)
    var seconds: Double { now.withLock { $0 } }
    func move(to seconds: Double) { now.withLock { $0 = seconds } }
}

@Suite("Progress reporter")
struct ProgressReporterTests {
    private func reporter(terminal: Bool, total: Int?, clock: ManualClock)
        -> (ProgressReporter, CapturedOutput) {
        let (console, captured) = Console.capturing(errorIsTerminal: terminal, terminalWidth: 61)
        let reporter = ProgressReporter(step: "crawl", total: total, console: console, logInterval: 5,
                                        seconds: { clock.seconds })
        return (reporter, captured)
    }

    @Test("on a terminal the bar is redrawn in place with done/total, rate and ETA, then replaced by the summary")
    func terminalBar() {
        let clock = ManualClock()
        let (progress, captured) = reporter(terminal: true, total: 100, clock: clock)
        clock.move(to: 2)
        progress.advance(by: 50)
        #expect(captured.error == "\rcrawl [##############--------------]  50/100  25/s  ETA 2.0s\u{1B}[K")
        clock.move(to: 2.05)
        progress.advance()  // within the redraw interval: nothing new is drawn
        #expect(!captured.error.contains("51/100"))
        clock.move(to: 4)
        progress.advance(by: 49)
        progress.finish(detail: "2 failed")
        #expect(captured.error.hasSuffix("\r\u{1B}[Kcrawl: 100 done in 4.0s (25/s); 2 failed\n"))
        #expect(!captured.error.contains("\n\r"))
        #expect(captured.output.isEmpty)
    }

    @Test("every redrawn bar fits the terminal's width")
    func barFitsWidth() {
        let line = ProgressLine(step: "render pages", done: 123_456, total: 1_000_000, elapsed: 100)
        for width in [30, 60, 80, 200] {
            #expect(line.bar(width: width).count <= width)
        }
        #expect(line.bar(width: 200).contains("[####-"))
    }

    @Test("without a terminal, plain log lines come every few seconds and never a carriage return")
    func plainLogLines() {
        let clock = ManualClock()
        let (progress, captured) = reporter(terminal: false, total: 1000, clock: clock)
        for second in 1...12 {
            clock.move(to: Double(second))
            progress.advance(by: 10)
        }
        progress.finish()
        #expect(captured.error == """
            crawl: 50/1000 (5%), 10/s, ETA 1m35s
            crawl: 100/1000 (10%), 10/s, ETA 1m30s
            crawl: 120 done in 12s (10/s)

            """)
        #expect(!captured.error.contains("\r"))
    }

    @Test("a step that ends before the first interval prints only its summary")
    func quickStep() {
        let clock = ManualClock()
        let (progress, captured) = reporter(terminal: false, total: nil, clock: clock)
        clock.move(to: 0.5)
        progress.advance(by: 3)
        progress.finish()
        progress.finish()
        #expect(captured.error == "crawl: 3 done in 0.5s (6.0/s)\n")
    }

    @Test("a growing or unknown total shows a count instead of a bar, and notes do not break the bar")
    func unknownTotalAndNotes() {
        let clock = ManualClock()
        let (progress, captured) = reporter(terminal: true, total: nil, clock: clock)
        clock.move(to: 1)
        progress.advance(by: 7)
        #expect(captured.error == "\rcrawl  7 done  7.0/s\u{1B}[K")
        progress.note("robots.txt disallows /admin/")
        #expect(captured.error.hasSuffix("\r\u{1B}[Krobots.txt disallows /admin/\n"))
        progress.setTotal(14)
        #expect(captured.error.hasSuffix("  7/14  7.0/s  ETA 1.0s\u{1B}[K"))
    }

    @Test("durations and rates are written compactly")
    func formats() {
        #expect(ProgressLine.format(seconds: 0.44) == "0.4s")
        #expect(ProgressLine.format(seconds: 42) == "42s")
        #expect(ProgressLine.format(seconds: 125) == "2m05s")
        #expect(ProgressLine.format(seconds: 3720) == "1h02m")
        #expect(ProgressLine.format(rate: 2.25) == "2.3/s")
        #expect(ProgressLine.format(rate: 1234.4) == "1234/s")
    }
}
