/// The ranges the numbers a source sends are held to at the decoding boundary, so that nothing
/// downstream (store, sums for ranking, dates on pages) can overflow whatever the server sends.
/// Each kind of field is handled the way that loses least (docs/api.md §5 tolerance):
package enum SourceRange {
    /// IDs name pages, queue keys and anchors: a wrong one cannot be repaired, so an item whose
    /// id lies outside is rejected and reported. The top is the largest integer a JavaScript
    /// number (the search index, JSON-LD) holds exactly; users also have −1 (anonymous) and 0
    /// ("none"), and other kinds read an optional 0 as "none".
    package static let ids: ClosedRange<Int> = 1...9_007_199_254_740_991

    /// Counts (answers, views, agrees, fans, `total_rows`, …) are shown and used for ranking
    /// only: a value outside is clamped into this range (a negative count to 0), and the item
    /// kept. Sums of even 2³¹ such counts stay far inside `Int`.
    package static let counts: ClosedRange<Int> = 0...Int(Int32.max)

    /// Article votes (agrees minus disagrees) may be negative; clamped like counts.
    package static let votes: ClosedRange<Int> = -Int(Int32.max)...Int(Int32.max)

    /// Unix seconds from 1970-01-01 to 2100-01-01 UTC. A time outside is read as unknown (the
    /// way an absent time is), so the post is kept and shown without a made-up date.
    package static let unixTimes: ClosedRange<Int> = 0...4_102_444_800
}
