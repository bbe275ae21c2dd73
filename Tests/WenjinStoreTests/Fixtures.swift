import Foundation
import WenjinModel

/// Sample entities in the shapes the API sends: entity-escaped titles, HTML bodies, Chinese and
/// emoji text, an anonymous author.
enum Fixtures {
    static let time = Date(timeIntervalSince1970: 1_447_318_820)

    static let user = User(id: 1024, userName: "tju_xiaobei", nickName: "小北 🐻", avatarFile: "000/00/10/24_avatar_max.jpg",
                           signature: "建筑学院 大三", counts: .init(fans: 15, friends: 8, questions: 6, answers: 23,
                                                                 topicFocus: 4, agree: 87, thanks: 9))

    static let topic = Topic(id: 57, title: "北洋园", description: "天津大学新校区", pic: "20150410/8c1d_100_100.jpg",
                             focusCount: 318, discussCount: 42)

    static let question = Question(
        id: 3521, title: "C++ &amp; Java 先学哪个？😀", detailHTML: "想知道33楼和45楼的情况。<br />\n另外周末开不开？",
        askerID: 3001, isAnonymous: false, addTime: time, updateTime: time.addingTimeInterval(600),
        answerCount: 2, viewCount: 131, focusCount: 12, topicIDs: [57, 12], bestAnswerID: 10873)

    static let answer = Answer(id: 10873, questionID: 3521, authorID: 1024, isAnonymous: false,
                               contentHTML: "33楼一般22:30清人。<br />\n<strong>周末</strong>照常开放。",
                               addTime: time, agreeCount: 5, commentCount: 2)

    static let anonymousAnswer = Answer(id: 10880, questionID: 3521, authorID: nil, isAnonymous: true,
                                        contentHTML: "45楼没去过，楼上说得对。", addTime: nil, agreeCount: 0, commentCount: 0)

    static let comment = AnswerComment(id: 774, answerID: 10873, authorID: 1024, text: "45楼也一样，考试周到23:00。",
                                       addTime: time, atUserID: 3001)

    static let article = Article(id: 96, authorID: 2048, title: "问津使用指南（2015 秋）",
                                 messageHTML: "欢迎来到问津！<br><img src='http://wenjin.in/uploads/article/a.png'/>",
                                 addTime: time, views: 402, votes: 17, commentCount: 3, topicIDs: [3])

    static let articleComment = ArticleComment(id: 305, articleID: 96, authorID: 2048, message: "谢谢支持 👍",
                                               addTime: time, atUserID: 3001, votes: 1)

    static let asset = Asset(url: "http://wenjin.in/uploads/answer/20151112/5f2b.jpg",
                             sha256: String(repeating: "ab", count: 32), contentType: "image/jpeg", size: 2048,
                             state: .stored)
}
