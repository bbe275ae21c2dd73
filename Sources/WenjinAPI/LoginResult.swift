/// The `rsm` of `?/api/account/login_process/` (docs/api.md §1.4): who is now logged in.
package struct LoginResult: APIDecodable, Equatable {
    package var user: UserSummary
    /// WENJIN only.
    package var signature: String?

    package init(rsm: APIPayload) throws(APIError) {
        (user, signature) = try rsm.readObject { fields throws(FieldReader.Problem) in
            (try UserSummary(fields), try fields.optionalPath("signature"))
        }
    }
}
