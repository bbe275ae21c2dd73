/// What the sanitizer module could not read. Sanitizing itself never fails (bad markup is
/// repaired or dropped); reading a page for facts can.
package struct SanitizerError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// A page expected to be upstream WeCenter's question page is not one, or is incomplete.
        case notAQuestionPage(String)
    }

    package let reason: Reason

    package init(_ reason: Reason) { self.reason = reason }

    package var description: String {
        switch reason {
        case .notAQuestionPage(let why): "not a readable WeCenter question page: \(why)"
        }
    }
}
