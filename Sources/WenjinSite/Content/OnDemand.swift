import Synchronization
import WenjinBuildSupport
import WenjinModel

/// A value made the first time it is asked for, once, whichever thread asks: tables a rebuild
/// rarely needs (names to users, for links in the few bodies it sanitizes) are not made for it.
final class OnDemand<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}

/// Names to IDs (login and nick names to users, titles to topics), made on demand.
struct NameTable<ID: Sendable>: Sendable {
    private let table: OnDemand<[String: ID]>

    init(_ make: @escaping @Sendable () -> [String: ID]) { table = OnDemand(make) }

    subscript(name: String) -> ID? { table.value[name] }
}

/// Each user's stored avatar, worked out when asked for: pages ask about the few users they show.
struct AvatarPaths: Sendable {
    let users: EntityTable<UserID, User>
    let content: ArchiveContent

    subscript(id: UserID) -> SitePath? { users[id].flatMap { ArchiveLinks.avatarPath(of: $0, in: content) } }
}
