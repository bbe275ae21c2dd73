import Foundation
import WenjinKeyedArchive

/// Turns one row of the client's tables into a draft, or into the reason it cannot be one.
/// The columns are typeless, so each value is checked for what the client would have written.
enum DraftRowDecoder {
    enum Outcome<Draft> {
        case success(Draft)
        case failure(UnreadableDraft)
    }

    /// Columns: rowid, time, title, detail, topic, attachAccessKey, anonymous.
    static func question(_ row: DraftRow) -> Outcome<QuestionDraft> {
        let reference = DraftReference(kind: .question, rowID: row.integer(0) ?? 0)
        let time = row.integer(1).map(DraftTime.init(seconds:))
        do throws(RowProblem) {
            guard let time else { throw problem("time", "not an integer") }
            let body = try body(row.data(3), column: "detail")
            var topics: [String] = []
            if let topicData = row.data(4) {
                do throws(KeyedArchiveError) {
                    topics = try KeyedArchive(data: topicData).strings()
                } catch {
                    throw problem("topic", error.description)
                }
            }
            let draft = QuestionDraft(
                reference: reference, time: time, title: row.text(2) ?? "", body: body, topics: topics,
                isAnonymous: row.integer(6) ?? 0 != 0, attachAccessKey: AttachAccessKey(row.text(5) ?? ""))
            return .success(draft)
        } catch {
            return .failure(UnreadableDraft(reference: reference, time: time, reason: error.description))
        }
    }

    /// Columns: rowid, time, questionId, content, attachAccessKey, anonymous.
    static func answer(_ row: DraftRow) -> Outcome<AnswerDraft> {
        let reference = DraftReference(kind: .answer, rowID: row.integer(0) ?? 0)
        let time = row.integer(1).map(DraftTime.init(seconds:))
        do throws(RowProblem) {
            guard let time else { throw problem("time", "not an integer") }
            guard let questionID = row.integer(2), questionID > 0, let id = Int(exactly: questionID) else {
                throw problem("questionId", "not a question id: \(row.text(2) ?? "NULL")")
            }
            let draft = AnswerDraft(
                reference: reference, time: time, questionID: id, body: try body(row.data(3), column: "content"),
                isAnonymous: row.integer(5) ?? 0 != 0, attachAccessKey: AttachAccessKey(row.text(4) ?? ""))
            return .success(draft)
        } catch {
            return .failure(UnreadableDraft(reference: reference, time: time, reason: error.description))
        }
    }

    /// A NULL body is an empty draft; anything else must be an archived attributed string.
    private static func body(_ data: Data?, column: String) throws(RowProblem) -> DraftBody {
        guard let data else { return DraftBody([]) }
        do throws(KeyedArchiveError) {
            return DraftBody(try KeyedArchive(data: data).attributedString())
        } catch {
            throw problem(column, error.description)
        }
    }

    private static func problem(_ column: String, _ why: String) -> RowProblem {
        RowProblem(description: "\(column): \(why)")
    }

    struct RowProblem: Error, CustomStringConvertible {
        let description: String
    }
}
