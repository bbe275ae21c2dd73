import Foundation

/// The `wecenter` flavor's web page of a question (`?/question/N`, `?/question/id-N__page-P`), in
/// upstream WeCenter 3.1's markup for the parts an archive reads to learn anonymity (the pages
/// recorded in `spec/wecenter-3.1-responses/web/`): the question block with its `data-id`, each
/// answer's head with its author (匿名用户 without `data-id` when anonymous), the 发起人 block in
/// the side bar only for a named asker, and the 问题状态 block after it. Bodies are left out.
extension SampleAPI {
    func webQuestionPage(_ context: Context) -> SampleResponse {
        guard let id = context.int("id"), let question = community.question(id) else { return notFoundPage(base: context.base) }
        let base = context.base
        let title = escapeHTML(community.questionTitle(id))
        var html = """
            <!DOCTYPE html>
            <html>
            <head>
            \t<meta content="text/html;charset=utf-8" http-equiv="Content-Type" />
            \t<title>\(title) - WeCenter</title>
            </head>
            <body>
            <div class="aw-container-wrap">
            \t<div class="container">
            \t\t<div class="row">
            \t\t\t<div class="aw-content-wrap clearfix">
            \t\t\t\t<div class="col-sm-12 col-md-9 aw-main-content">
            \t\t\t\t\t<div class="aw-mod aw-question-detail aw-item">
            \t\t\t\t\t\t<div class="mod-head">
            \t\t\t\t\t\t\t<h1>\(title)</h1>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t\t<div class="mod-footer">
            \t\t\t\t\t\t\t<div class="meta">
            \t\t\t\t\t\t\t\t<a data-id="\(id)" data-type="question" class="aw-add-comment text-color-999 " data-comment-count="0" data-first-click="hide"><i class="icon icon-comment"></i>添加评论</a>
            \t\t\t\t\t\t\t</div>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t</div>
            \t\t\t\t\t<div class="aw-mod aw-question-comment">
            \t\t\t\t\t\t<div class="mod-head">
            \t\t\t\t\t\t\t<ul class="nav nav-tabs aw-nav-tabs active"><h2 class="hidden-xs">\(question.answerIDs.count) 个回复</h2></ul>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t\t<div class="mod-body aw-feed-list">

            """
        for answer in orderedAnswers(question, context) { html += answerItem(answer, base: base) }
        html += """
            \t\t\t\t\t\t</div>
            \t\t\t\t\t</div>
            \t\t\t\t</div>
            \t\t\t\t<div class="col-md-3 aw-side-bar hidden-xs hidden-sm">
            \t\t\t\t\t<!-- 发起人 -->
            \(question.isAnonymous ? "" : askerBlock(question.askerID, base: base))\t\t\t\t\t<!-- end 发起人 -->
            \t\t\t\t\t<div class="aw-mod question-status">
            \t\t\t\t\t\t<div class="mod-head">
            \t\t\t\t\t\t\t<h3>问题状态</h3>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t\t<div class="mod-body">
            \t\t\t\t\t\t\t<ul>
            \t\t\t\t\t\t\t\t<li>浏览: <span class="aw-text-color-blue">\(question.viewCount)</span></li>
            \t\t\t\t\t\t\t\t<li>关注: <span class="aw-text-color-blue">\(question.focusCount)</span> 人</li>
            \t\t\t\t\t\t\t</ul>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t</div>
            \t\t\t\t</div>
            \t\t\t</div>
            \t\t</div>
            \t</div>
            </div>
            <script type="text/javascript">
            \tvar QUESTION_ID = \(id);
            </script>
            </body>
            </html>

            """
        var headers = Self.routedHeaders
        if context.request.cookies[Self.sessionCookie] == nil {
            headers.insert(("Set-Cookie", "\(Self.sessionCookie)=\(sessionID(for: context.request)); path=/"), at: 1)
        }
        return SampleResponse(status: 200, headers: headers, body: Array(html.utf8))
    }

    private func peopleLink(_ user: SampleCommunity.User, base: String) -> String {
        let name = user.userName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? user.userName
        return "\(base)?/people/\(name)"
    }

    private func avatarSource(_ user: SampleCommunity.User?, base: String) -> String {
        guard let user, let file = avatarFile(user) else { return "\(base)static/common/avatar-mid-img.png" }
        return "\(base)uploads/avatar/\(file.replacingOccurrences(of: "_max", with: "_mid"))"
    }

    private func answerItem(_ answer: SampleCommunity.Answer, base: String) -> String {
        let head: String
        if !answer.isAnonymous, let author = community.user(answer.authorID) {
            let link = peopleLink(author, base: base)
            head = """
                \t\t\t\t\t\t\t\t\t\t<a class="aw-user-img aw-border-radius-5" href="\(link)" data-id="\(author.id)"><img src="\(avatarSource(author, base: base))" alt="" /></a>
                \t\t\t\t\t\t\t\t\t\t<div class="title">
                \t\t\t\t\t\t\t\t\t\t\t<p>
                \t\t\t\t\t\t\t\t\t\t\t\t<a class="aw-user-name" href="\(link)" data-id="\(author.id)">\(escapeHTML(author.userName))</a>
                \t\t\t\t\t\t\t\t\t\t\t</p>
                """
        } else {
            head = """
                \t\t\t\t\t\t\t\t\t\t<a class="aw-user-img aw-border-radius-5" href="javascript:;"><img src="\(base)static/common/avatar-mid-img.png" alt="匿名用户" /></a>
                \t\t\t\t\t\t\t\t\t\t<div class="title">
                \t\t\t\t\t\t\t\t\t\t\t<p>
                \t\t\t\t\t\t\t\t\t\t\t\t<a class="aw-user-name" href="javascript:;">匿名用户</a>
                \t\t\t\t\t\t\t\t\t\t\t</p>
                """
        }
        return """
            \t\t\t\t\t\t\t<div class="aw-item" uninterested_count="0" force_fold="0" id="answer_list_\(answer.id)">
            \t\t\t\t\t\t\t\t<div class="mod-head">
            \t\t\t\t\t\t\t\t\t<a class="anchor" name="answer_\(answer.id)"></a>
            \(head)
            \t\t\t\t\t\t\t\t\t\t\t<p class="text-color-999 aw-agree-by hide">
            \t\t\t\t\t\t\t\t\t\t\t\t赞同来自:
            \t\t\t\t\t\t\t\t\t\t\t</p>
            \t\t\t\t\t\t\t\t\t\t</div>
            \t\t\t\t\t\t\t\t</div>
            \t\t\t\t\t\t\t</div>

            """
    }

    private func askerBlock(_ uid: Int, base: String) -> String {
        guard let user = community.user(uid) else { return "" }
        let link = peopleLink(user, base: base)
        let name = escapeHTML(user.userName)
        return """
            \t\t\t\t\t<div class="aw-mod">
            \t\t\t\t\t\t<div class="mod-head">
            \t\t\t\t\t\t\t<h3>发起人</h3>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t\t<div class="mod-body">
            \t\t\t\t\t\t\t<dl>
            \t\t\t\t\t\t\t\t<dt class="pull-left aw-border-radius-5">
            \t\t\t\t\t\t\t\t\t<a href="\(link)"><img alt="\(name)" src="\(avatarSource(user, base: base))" /></a>
            \t\t\t\t\t\t\t\t</dt>
            \t\t\t\t\t\t\t\t<dd class="pull-left">
            \t\t\t\t\t\t\t\t\t<a class="aw-user-name" href="\(link)" data-id="\(uid)">\(name)</a>
            \t\t\t\t\t\t\t\t</dd>
            \t\t\t\t\t\t\t</dl>
            \t\t\t\t\t\t</div>
            \t\t\t\t\t</div>

            """
    }
}
