/// A user in `api/my_focus_user.php` / `api/my_fans_user.php` (docs/api.md §2.10).
public struct FollowUserRow: CountedRow {
    public var user: UserSummary
    public var signature: String?

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try FollowUserRow(user: UserSummary(fields), signature: fields.optionalPath("signature"))
        }
    }

    public init(user: UserSummary, signature: String?) {
        self.user = user
        self.signature = signature
    }
}

public typealias FollowUsersPage = CountedPage<FollowUserRow>
