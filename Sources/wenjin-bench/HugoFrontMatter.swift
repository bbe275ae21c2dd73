// What each Hugo content file of `export-hugo` carries: JSON front matter (Hugo reads a file
// that starts with `{` as JSON front matter, then the content), so Hugo's templates render
// every post, answer and comment from data, as wenjin's templates do from view models, and no
// markdown is converted (the content is the sanitized HTML).
import Foundation
import WenjinModel
import WenjinSanitizer

enum HugoFrontMatter {
    /// Who a post shows: an anonymous author has no ID and no page (README.md, "Anonymous posts").
    struct Person: Encodable {
        var id: Int?
        var name: String
        var avatar: String?
    }

    struct Comment: Encodable {
        var id: Int
        var author: Person
        var text: String
        var date: Date
        var replyTo: String?
    }

    struct AnswerItem: Encodable {
        var id: Int
        var author: Person
        var votes: Int
        var date: Date?
        var best: Bool
        var html: String
        var comments: [Comment]
    }

    struct QuestionPage: Encodable {
        var title: String
        /// The last answer's time: Hugo lists pages newest first, so the home page and every
        /// list show questions most recently active first, as wenjin's do, with no sort and no
        /// filter in a template (which Hugo would redo for each page of a list).
        var date: Date
        var asked: Date
        var asker: Person
        var views: Int
        var focus: Int
        var answerCount: Int
        /// Taxonomy terms: the question's topics, and the users whose pages list it.
        var topics: [String]
        var users: [String]
        /// `["unanswered"]` for a question without answers: its list is that term's page.
        var lists: [String]
        var answers: [AnswerItem]
        /// The sidebar's related questions, chosen as wenjin chooses them (`RelatedQuestions`),
        /// so Hugo renders the same list rather than computing another (see HugoLayouts).
        var related: [RelatedItem]
    }

    struct RelatedItem: Encodable {
        var title: String
        var url: String
        var answers: Int
    }

    struct ArticlePage: Encodable {
        var title: String
        var date: Date
        var author: Person
        var views: Int
        var votes: Int
        var users: [String]
        var comments: [Comment]
    }

    /// A taxonomy term's own page (`content/users/ID/_index.html`): every user and topic gets
    /// its page, as in wenjin, even when nothing is filed under it.
    struct UserPage: Encodable {
        var title: String
        var avatar: String?
        var signature: String
        var counts: User.Counts
    }

    struct TopicPage: Encodable {
        var title: String
        var description: String
        var focus: Int
        /// Topics get an RSS feed, as wenjin writes one per topic; users do not.
        var outputs = ["HTML", "RSS"]
    }

    /// A page with a fixed layout and no list (search, about, a section's own page).
    struct FixedPage: Encodable {
        var title: String
        var layout: String?
        /// `["render": "never"]` for the questions section, whose list is the home page.
        var build: [String: String]?

        enum CodingKeys: String, CodingKey {
            case title, layout
            case build = "_build"
        }
    }

    /// Front matter as Hugo reads it: JSON with snake-case keys, dates in ISO 8601.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }
}
