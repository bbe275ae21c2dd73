// WenjinDrafts owns the WENJIN iOS client's draft.db: reading its question and answer drafts in the
// client's exact schema (typeless columns, save time as the only key, keyed-archive BLOBs) and
// writing new ones the client could read back. It must never reshape the file (no new tables,
// columns, indexes or pragmas) and never renders HTML: that is the site's job.
import Foundation

/// When a draft was saved, in whole unix seconds: the client's only key for a draft.
package struct DraftTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let seconds: Int64

    package init(seconds: Int64) {
        self.seconds = seconds
    }

    /// The current second, as the client takes `NSInteger(timeIntervalSince1970)`.
    package static func now() -> DraftTime {
        DraftTime(seconds: Int64(Date().timeIntervalSince1970))
    }

    package var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    package var description: String { String(seconds) }

    package static func < (lhs: DraftTime, rhs: DraftTime) -> Bool { lhs.seconds < rhs.seconds }
}

/// Which table a draft lives in.
package enum DraftKind: String, Sendable, Hashable {
    case question
    case answer

    /// The client's table name.
    var table: String { self == .question ? "Question" : "Answer" }
    var letter: Character { self == .question ? "q" : "a" }
}

/// One row of draft.db: its table and SQLite rowid. Two drafts saved in the same second share
/// their time, the client's only key, so deleting one needs the rowid. Written `q3` or `a7`.
package struct DraftReference: Sendable, Hashable, CustomStringConvertible {
    package let kind: DraftKind
    package let rowID: Int64

    package init(kind: DraftKind, rowID: Int64) {
        self.kind = kind
        self.rowID = rowID
    }

    /// Reads `q3` or `a7`; nil for anything else.
    package init?(_ text: String) {
        guard let first = text.first, let number = Int64(text.dropFirst()), number > 0 else { return nil }
        switch first {
        case "q", "Q": kind = .question
        case "a", "A": kind = .answer
        default: return nil
        }
        rowID = number
    }

    package var description: String { "\(kind.letter)\(rowID)" }
}

/// The key that links attachments uploaded from a compose screen to the post: 32 lowercase hex digits.
package struct AttachAccessKey: Sendable, Hashable, CustomStringConvertible {
    package let rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A fresh key. The client hashes the time and the user's id with MD5; the server only needs
    /// the key to be unique, and a draft written here has no user id, so random bytes serve.
    package static func random() -> AttachAccessKey {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<32).map { _ in String(generator.next(upperBound: UInt8(16)), radix: 16) }
        return AttachAccessKey(digits.joined())
    }

    package var description: String { rawValue }
}
