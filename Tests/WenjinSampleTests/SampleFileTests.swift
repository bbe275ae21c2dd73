import Foundation
import Testing
@testable import WenjinSample

/// The uploads folder: real image bytes for avatars, topic pictures, attachments and thumbnails.
@Suite struct SampleFileTests {
    @Test func avatarsTopicPicturesAttachmentsAndThumbnailsAreRealImages() async throws {
        let live = try LiveSampleServer()
        let api = live.server.api
        let user = try #require(live.community.users.first { $0.hasAvatar })
        let topic = try #require(live.community.topics.first { $0.picture != nil })
        let photo = try #require(live.community.attachments.first { $0.ext == "jpg" })
        let directory = photo.path.split(separator: "/").dropLast().joined(separator: "/")
        let targets = [
            "/uploads/avatar/" + api.avatarFile(user)!, "/uploads/avatar/" + api.avatarFile(user)!.replacingOccurrences(of: "max", with: "min"),
            "/uploads/topic/" + api.topicPicture(topic), "/\(photo.path)", "/\(directory)/170x110_\(photo.name).jpg",
            "/\(directory)/90x90_\(photo.name).jpg",
        ]
        for target in targets {
            let response = try await live.get(target)
            #expect(response.status == 200, "\(target)")
            #expect(response.header("Content-Type") == "image/jpeg", "\(target)")
            let bytes = Array(response.body)
            #expect(bytes.prefix(3) == [0xFF, 0xD8, 0xFF] && bytes.suffix(2) == [0xFF, 0xD9], "JPEG start and end: \(target)")
        }
        let thumbnail = Array(try await live.get("/\(directory)/170x110_\(photo.name).jpg").body)
        let size = try #require(jpegSize(thumbnail))
        #expect(size.0 == 170 && size.1 == 110)
        let placeholder = try await live.get("/static/common/avatar-max-img.png")
        #expect(placeholder.header("Content-Type") == "image/png")
        #expect(Array(placeholder.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func filesThatDoNotExistAre404() async throws {
        let live = try LiveSampleServer()
        let faceless = try #require(live.community.users.first { !$0.hasAvatar })
        let padded = String(format: "%09d", faceless.id)
        let path = "/uploads/avatar/\(padded.prefix(3))/\(padded.dropFirst(3).prefix(2))/\(padded.dropFirst(5).prefix(2))/\(padded.suffix(2))_avatar_max.jpg"
        #expect(try await live.get(path).status == 404)
        #expect(try await live.get("/uploads/answer/20150301/0123456789abcdef0123456789abcdef.jpg").status == 404)
        #expect(try await live.get("/../../etc/passwd").status == 404)
    }

    /// Width and height from a baseline JPEG's SOF0 segment.
    private func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if bytes[index + 1] == 0xC0 {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
