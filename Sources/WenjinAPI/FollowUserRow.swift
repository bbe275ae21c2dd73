/// A user in `api/my_focus_user.php` / `api/my_fans_user.php` (docs/api.md §2.10).
package struct FollowUserRow: CountedRow {
    package var user: UserSummary
    package var signature: String?
}

// Read from a response in an extension, so the memberwise init stays.
extension FollowUserRow {
    package init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try FollowUserRow(user: UserSummary(fields), signature: fields.optionalPath("signature"))
        }
    }
}

package typealias FollowUsersPage = CountedPage<FollowUserRow>
