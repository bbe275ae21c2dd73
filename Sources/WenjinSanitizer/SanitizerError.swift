/// What the sanitizer module could not read. Sanitizing itself never fails (bad markup is
/// repaired or dropped); reading a page for facts can.
public struct SanitizerError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// A page expected to be upstream WeCenter's question page is not one, or is incomplete.
        case notAQuestionPage(String)
    }

    public let reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .notAQuestionPage(let why): "not a readable WeCenter question page: \(why)"
        }
    }
}
