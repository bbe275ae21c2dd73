/// How WeCenter says an entity does not exist: `errno` −1 with one message per endpoint, the
/// same in both flavors (docs/api.md §1.3, §8.4; the recorded `*_missing` responses). Any
/// other refusal (`请先登录或注册`, `参数不完整`) says nothing about the entity.
extension APIError {
    static let missingEntityMessages: Set<String> = [
        "问题不存在或已被删除", "回答不存在", "文章不存在或已被删除", "用户不存在",
    ]

    /// Whether the server answered that the requested question, answer, article or user does
    /// not exist (never existed, or was deleted).
    package var saysEntityMissing: Bool {
        if case .rejected(let message) = reason { return Self.missingEntityMessages.contains(message) }
        return false
    }
}
