import CLibXML2
import Foundation

/// Who upstream WeCenter's web page of a question (`?/question/N`) shows as the asker and as
/// each answer's author: the only place an upstream source keeps the promise of anonymity, since
/// its API sends the real author and no flag (docs/api.md §8.3; the recorded pages in
/// `spec/wecenter-3.1-responses/web/`).
///
/// What the page shows (WeCenter 3.1's `question/index` template):
/// - the question block `.aw-question-detail` holds a comment link `data-type="question"
///   data-id="N"`: that the page is question N's;
/// - the side bar `.aw-side-bar` has a 发起人 block (`<h3>发起人</h3>` and `a.aw-user-name` with
///   `data-id`) unless the question is anonymous; its 问题状态 block always follows, so a page cut
///   short before it is not mistaken for an anonymous question;
/// - each answer is `#answer_list_ID`; the first `a.aw-user-name` of its head is the author, with
///   `data-id` when named, or `匿名用户` with `href="javascript:;"` and no `data-id`. Voters
///   (`.aw-agree-by`) come after it and are never read as the author.
package struct QuestionWebPage: Sendable, Equatable {
    package enum Author: Sendable, Hashable {
        case anonymous
        case user(Int)
    }

    package let questionID: Int
    package let asker: Author
    /// Each answer on the page, by ID.
    package let answers: [Int: Author]
    /// Answers on the page whose author could not be read: left unverified.
    package let unreadableAnswers: [Int]

    /// Reads a page's bytes (UTF-8, as WeCenter sends them).
    package init(html: [UInt8]) throws(SanitizerError) {
        precondition(HTMLFragment.parserReady)
        let document = html.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", Self.parseOptions)
            }
        }
        guard let document, let root = xmlDocGetRootElement(document) else { throw SanitizerError(.notAQuestionPage("not HTML")) }
        defer { xmlFreeDoc(document) }
        var page = PageScan()
        page.scan(root)
        guard let questionID = page.questionID else {
            throw SanitizerError(.notAQuestionPage("no question block with its data-id"))
        }
        guard page.sawStatusBlock else {
            throw SanitizerError(.notAQuestionPage("the side bar's 问题状态 block is missing (page cut short?)"))
        }
        switch page.asker {
        case .none: asker = .anonymous
        case .some(let id?): asker = .user(id)
        case .some(nil): throw SanitizerError(.notAQuestionPage("a 发起人 block without a user's data-id"))
        }
        self.questionID = questionID
        answers = page.answers
        unreadableAnswers = page.unreadableAnswers.sorted()
    }

    private static let parseOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
}

/// One walk over the page's elements, noting what `QuestionWebPage` reads.
private struct PageScan {
    var questionID: Int?
    var sawStatusBlock = false
    /// nil: no 发起人 block; `.some(nil)`: a block without a readable user.
    var asker: Int??
    var answers: [Int: QuestionWebPage.Author] = [:]
    var unreadableAnswers: Set<Int> = []

    mutating func scan(_ node: xmlNodePtr) {
        var child = node.pointee.children
        while let element = child {
            child = element.pointee.next
            guard element.pointee.type == XML_ELEMENT_NODE else { continue }
            let classes = Self.classes(of: element)
            if classes.contains("aw-question-detail"), questionID == nil {
                questionID = Self.firstElement(in: element) {
                    Self.attribute("data-type", of: $0) == "question" && Self.classes(of: $0).contains("aw-add-comment")
                }.flatMap { Self.attribute("data-id", of: $0) }.flatMap { Int($0) }
            }
            if classes.contains("aw-mod"), let heading = Self.firstElement(in: element, where: { NodeName.of($0) == "h3" }) {
                switch Self.text(of: heading).trimmingCharacters(in: .whitespacesAndNewlines) {
                case "发起人":
                    let link = Self.firstElement(in: element) { Self.classes(of: $0).contains("aw-user-name") }
                    asker = .some(link.flatMap { Self.attribute("data-id", of: $0) }.flatMap { Int($0) })
                case "问题状态":
                    sawStatusBlock = true
                default:
                    break
                }
            }
            if let id = Self.attribute("id", of: element), id.hasPrefix("answer_list_"), let answerID = Int(id.dropFirst("answer_list_".count)) {
                readAnswer(answerID, element)
                continue
            }
            scan(element)
        }
    }

    private mutating func readAnswer(_ id: Int, _ item: xmlNodePtr) {
        let head = Self.firstElement(in: item) { Self.classes(of: $0).contains("mod-head") }
        let link = head.flatMap { head in
            Self.firstElement(in: head, skipping: { Self.classes(of: $0).contains("aw-agree-by") }) {
                Self.classes(of: $0).contains("aw-user-name")
            }
        }
        guard let link else {
            unreadableAnswers.insert(id)
            return
        }
        if let uid = Self.attribute("data-id", of: link) {
            guard let uid = Int(uid) else {
                unreadableAnswers.insert(id)
                return
            }
            answers[id] = .user(uid)
        } else {
            answers[id] = .anonymous
        }
    }

    /// The first element below `node` in document order that `matches`, not looking inside
    /// elements that `skipping` names.
    static func firstElement(in node: xmlNodePtr, skipping: (xmlNodePtr) -> Bool = { _ in false },
                             where matches: (xmlNodePtr) -> Bool) -> xmlNodePtr? {
        var child = node.pointee.children
        while let element = child {
            child = element.pointee.next
            guard element.pointee.type == XML_ELEMENT_NODE, !skipping(element) else { continue }
            if matches(element) { return element }
            if let found = firstElement(in: element, skipping: skipping, where: matches) { return found }
        }
        return nil
    }

    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if NodeName.of(current) == name { return NodeName.value(of: current) }
            attribute = current.pointee.next
        }
        return nil
    }

    static func classes(of node: xmlNodePtr) -> Set<Substring> {
        guard let value = attribute("class", of: node) else { return [] }
        return Set(value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
    }

    static func text(of node: xmlNodePtr) -> String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += String(cString: content)
            } else if current.pointee.type == XML_ELEMENT_NODE {
                text += Self.text(of: current)
            }
            child = current.pointee.next
        }
        return text
    }
}
