/// Every body of the community as the detail endpoints send it (rendered HTML with `<br />` and
/// attachment images): the corpus the sanitizer benchmark measures, the same bytes a crawl stores.
extension SampleCommunity {
    package func renderedBodies(base: String) -> [String] {
        let api = SampleAPI(community: self)
        let urls = api.attachmentURL(base: base)
        return questions.map { questionDetail($0.id, base: base).html(attachmentURL: urls) }.filter { !$0.isEmpty }
            + answers.map { answerBody($0.id, base: base).html(attachmentURL: urls) }
            + articles.map { articleBody($0.id, base: base).html(attachmentURL: urls) }
    }
}
