/// The text of progress output, kept apart from timing so it can be tested as plain strings.
struct ProgressLine {
    let step: String
    let done: Int
    let total: Int?
    /// Seconds since the step started.
    let elapsed: Double

    /// Items per second since the start; nil until there is something to divide.
    var rate: Double? {
        guard elapsed > 0, done > 0 else { return nil }
        return Double(done) / elapsed
    }

    /// Seconds left at the average rate so far.
    var remaining: Double? {
        guard let total, let rate, total >= done else { return nil }
        return Double(total - done) / rate
    }

    /// `crawl [#########-----------]  120/500  24/s  ETA 16s`, at most `width` columns.
    func bar(width: Int) -> String {
        var tail = total.map { "  \(done)/\($0)" } ?? "  \(done) done"
        if let rate { tail += "  " + Self.format(rate: rate) }
        if let remaining { tail += "  ETA " + Self.format(seconds: remaining) }
        guard let total, total > 0 else { return Self.clip(step + tail, to: width) }
        let barWidth = min(40, width - step.count - tail.count - 3)
        guard barWidth >= 10 else { return Self.clip(step + tail, to: width) }
        let filled = min(barWidth, barWidth * done / total)
        return step + " [" + String(repeating: "#", count: filled)
            + String(repeating: "-", count: barWidth - filled) + "]" + tail
    }

    /// `crawl: 120/500 (24%), 24/s, ETA 16s`, for logs.
    var logLine: String {
        var parts: [String]
        if let total, total > 0 {
            parts = ["\(done)/\(total) (\(done * 100 / total)%)"]
        } else {
            parts = ["\(done) done"]
        }
        if let rate { parts.append(Self.format(rate: rate)) }
        if let remaining { parts.append("ETA " + Self.format(seconds: remaining)) }
        return "\(step): " + parts.joined(separator: ", ")
    }

    /// `crawl: 500 done in 20.8s (24/s)`, plus what the step adds (`; 3 failed`).
    func summary(detail: String?) -> String {
        var line = "\(step): \(done) done in \(Self.format(seconds: elapsed))"
        if let rate { line += " (\(Self.format(rate: rate)))" }
        if let detail { line += "; \(detail)" }
        return line
    }

    static func format(rate: Double) -> String {
        rate < 10 ? "\((rate * 10).rounded() / 10)/s" : "\(Int(rate.rounded()))/s"
    }

    /// `0.4s`, `16s`, `2m05s`, `1h02m`.
    static func format(seconds: Double) -> String {
        if seconds < 10 { return "\((seconds * 10).rounded() / 10)s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + pad(whole % 60) + "s" }
        return "\(whole / 3600)h" + pad(whole / 60 % 60) + "m"
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    private static func clip(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width))
    }
}
