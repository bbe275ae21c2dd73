/// The `rsm` of `?/api/account/login_process/` (docs/api.md §1.4): who is now logged in.
public struct LoginResult: APIDecodable, Equatable {
    public var user: UserSummary
    /// WENJIN only.
    public var signature: String?

    public init(rsm: APIPayload) throws(APIError) {
        (user, signature) = try rsm.readObject { fields throws(FieldReader.Problem) in
            (try UserSummary(fields), try fields.optionalPath("signature"))
        }
    }
}
