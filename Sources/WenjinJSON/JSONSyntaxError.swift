/// Why a document is not JSON, and the byte offset where the parser saw it.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package let message: String
    package let offset: Int
}
