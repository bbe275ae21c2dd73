/// The one error of this module: what went wrong, and where in the input.
package struct KeyedArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The data does not start with `bplist00` or is too short to hold a trailer.
        case notBinaryPropertyList
        /// The trailer's sizes or counts are impossible for this data.
        case badTrailer
        /// An offset, length or reference points outside the data or the object table.
        case outOfBounds
        /// A marker byte no object type uses.
        case unknownMarker(UInt8)
        /// An integer wider than the reader supports, or a length that does not fit.
        case integerOutOfRange
        /// A string whose bytes are not valid ASCII or UTF-16.
        case badString
        /// A dictionary key that is not a string.
        case nonStringKey
        /// An object contains itself.
        case cycle
        /// Containers nested deeper than the reader's limit.
        case tooDeep
        /// More objects than the reader's limit.
        case tooManyObjects
        /// The property list is not an NSKeyedArchiver archive (`$archiver`, `$top`, `$objects`).
        case notKeyedArchive
        /// An archived object lacks a member or has one of the wrong type.
        case malformedObject
        /// The archive's root is of a class the caller did not ask for.
        case unexpectedClass(String)
        /// Attribute runs that do not cover the string they describe.
        case badAttributeRuns
    }

    package let reason: Reason
    /// Where it happened: a byte offset, an object index or a member name.
    package let context: String

    package init(_ reason: Reason, _ context: String) {
        self.reason = reason
        self.context = context
    }

    package var description: String { "keyed archive: \(reason) (\(context))" }
}
