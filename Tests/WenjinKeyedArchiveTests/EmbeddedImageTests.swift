import Foundation
import Testing
@testable import WenjinKeyedArchive

struct EmbeddedImageTests {
    /// A PNG made of its signature, one empty IHDR-like chunk and IEND, CRCs left as zeros.
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + [0, 0, 0, 1] + Array("IHDR".utf8) + [7] + [0, 0, 0, 0]
        + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    private let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 0xFF, 0xD9, 3, 0xFF, 0xD9]

    @Test func aBlobThatIsAnImageIsTakenWhole() {
        #expect(EmbeddedImage.find(in: Data(png + [9, 9])) == Data(png + [9, 9]))
        #expect(EmbeddedImage.find(in: Data(jpeg)) == Data(jpeg))
    }

    @Test func aPNGInsideABlobEndsWithItsIENDChunk() {
        #expect(EmbeddedImage.find(in: Data(Array("header".utf8) + png + Array("tail".utf8))) == Data(png))
    }

    @Test func aJPEGInsideABlobEndsAtItsLastEndMarker() {
        #expect(EmbeddedImage.find(in: Data([1, 2, 3] + jpeg + [0x20, 0x20])) == Data(jpeg))
    }

    @Test func aCutOffOrMissingImageIsNotFound() {
        #expect(EmbeddedImage.find(in: Data([1] + png.dropLast(6))) == nil)
        #expect(EmbeddedImage.find(in: Data("no image here".utf8)) == nil)
        #expect(EmbeddedImage.find(in: Data()) == nil)
    }
}
