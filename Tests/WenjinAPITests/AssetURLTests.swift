import Foundation
import Testing
import WenjinAPI

@Suite struct AssetURLTests {
    let base = APIBaseURL("http://127.0.0.1:8088/")!

    @Test func avatarsAndTopicPicturesLiveUnderUploadsWithDefaultsForNone() {
        #expect(base.avatarURL("000/00/00/02_avatar_max.jpg")?.absoluteString
                == "http://127.0.0.1:8088/uploads/avatar/000/00/00/02_avatar_max.jpg")
        #expect(base.avatarURL(nil)?.absoluteString == "http://127.0.0.1:8088/static/common/avatar-max-img.png")
        #expect(base.avatarURL("")?.absoluteString == "http://127.0.0.1:8088/static/common/avatar-max-img.png")
        #expect(base.topicPictureURL("20261129/5a942d62dbfddab147f5dd110e670844_100_100.jpg")?.absoluteString
                == "http://127.0.0.1:8088/uploads/topic/20261129/5a942d62dbfddab147f5dd110e670844_100_100.jpg")
        #expect(base.topicPictureURL(nil)?.absoluteString == "http://127.0.0.1:8088/static/common/topic-max-img.png")
    }

    @Test func thumbnailsLeadToTheirOriginalImage() {
        let thumbnail = URL(string: "http://wenjin.in/uploads/answer/20151112/170x110_5f2b1c0e8d3a4e7f9a6b2c1d0e9f8a7b.jpg")!
        #expect(APIBaseURL.originalOfThumbnail(thumbnail)?.absoluteString
                == "http://wenjin.in/uploads/answer/20151112/5f2b1c0e8d3a4e7f9a6b2c1d0e9f8a7b.jpg")
        let square = URL(string: "http://h/uploads/questions/20261129//90x90_8389.jpg")!
        #expect(APIBaseURL.originalOfThumbnail(square)?.absoluteString == "http://h/uploads/questions/20261129//8389.jpg")
        #expect(APIBaseURL.originalOfThumbnail(URL(string: "http://h/uploads/answer/20151112/5f2b.jpg")!) == nil)
    }
}
