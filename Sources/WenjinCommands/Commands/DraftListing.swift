import Foundation
import WenjinDrafts

/// How `wenjin drafts list` and `show` print drafts: one line per draft, times as the client
/// shows them (`yyyy-MM-dd HH:mm:ss`, local time). What the drafts hold is printed with its
/// control characters escaped (`TerminalText`): draft.db may come from anywhere.
enum DraftListing {
    static func lines(_ drafts: DraftCollection) -> [String] {
        var rows: [(DraftReference, DraftTime?, String)] = []
        // Loaded drafts always carry their reference; only unsaved ones lack it.
        for draft in drafts.questions {
            guard let reference = draft.reference else { continue }
            rows.append((reference, draft.time, "question  \(draft.title)" + topicSuffix(draft.topics)))
        }
        for draft in drafts.answers {
            guard let reference = draft.reference else { continue }
            rows.append((reference, draft.time, "answer to \(draft.questionID)  \(excerpt(draft.body))"))
        }
        for draft in drafts.unreadable {
            rows.append((draft.reference, draft.time, "unreadable: \(draft.reason)"))
        }
        // Table order, as the client lists them, with unreadable rows in their place.
        rows.sort { ($0.0.kind == .answer ? 1 : 0, $0.0.rowID) < ($1.0.kind == .answer ? 1 : 0, $1.0.rowID) }
        let width = rows.map { $0.0.description.count }.max() ?? 0
        return rows.map { reference, time, text in
            let name = reference.description.padding(toLength: width, withPad: " ", startingAt: 0)
            return "\(name)  \(time.map(format) ?? "????-??-?? ??:??:??")  \(TerminalText.escaped(text))"
        }
    }

    /// The fields of one readable draft, a blank line, then its body in `DraftBodyText` syntax.
    static func detail(of reference: DraftReference, in drafts: DraftCollection) -> String {
        var fields: [String] = []
        let body: DraftBody
        if let draft = drafts.questions.first(where: { $0.reference == reference }) {
            fields = ["question \(reference), saved \(format(draft.time)) (\(draft.time))", "title: \(draft.title)",
                      "topics: \(draft.topics.joined(separator: ", "))", "anonymous: \(draft.isAnonymous ? "yes" : "no")",
                      "attachAccessKey: \(draft.attachAccessKey)"]
            body = draft.body
        } else if let draft = drafts.answers.first(where: { $0.reference == reference }) {
            fields = ["answer \(reference), saved \(format(draft.time)) (\(draft.time))", "question: \(draft.questionID)",
                      "anonymous: \(draft.isAnonymous ? "yes" : "no")", "attachAccessKey: \(draft.attachAccessKey)"]
            body = draft.body
        } else {
            return ""
        }
        let text = TerminalText.escaped(DraftBodyText.render(body), keepingLines: true)
        return fields.map { TerminalText.escaped($0) }.joined(separator: "\n") + "\n\n" + text + (text.hasSuffix("\n") ? "" : "\n")
    }

    private static func topicSuffix(_ topics: [String]) -> String {
        topics.isEmpty ? "" : "  [\(topics.joined(separator: ", "))]"
    }

    /// The body's first line, shortened: enough to recognize an answer in a list.
    private static func excerpt(_ body: DraftBody) -> String {
        let firstLine = body.plainText.split(separator: "\n").first.map(String.init) ?? ""
        return firstLine.count > 40 ? firstLine.prefix(40) + "…" : firstLine
    }

    private static func format(_ time: DraftTime) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: time.date)
    }
}
