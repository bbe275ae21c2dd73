import Synchronization

/// Idle keep-alive connections per origin, at most `maximumPerOrigin` of each: a connection is
/// lent out whole (no two requests share one) and comes back only after a response was read
/// to its end on it and the server did not ask to close.
final class ConnectionPool: Sendable {
    private let idle = Mutex<[Origin: [SocketConnection]]>([:])
    let maximumPerOrigin: Int

    init(maximumPerOrigin: Int) {
        self.maximumPerOrigin = max(1, maximumPerOrigin)
    }

    /// An idle connection to `origin` that still looks open, or nil; dead ones are dropped.
    func take(_ origin: Origin) -> SocketConnection? {
        idle.withLock { idle in
            while let connection = idle[origin]?.popLast() {
                if connection.looksIdle { return connection }
            }
            return nil
        }
    }

    /// Keeps `connection` for the next request to `origin`, unless enough are kept already
    /// (then it is dropped, which closes it).
    func giveBack(_ connection: SocketConnection, to origin: Origin) {
        idle.withLock { idle in
            guard idle[origin, default: []].count < maximumPerOrigin else { return }
            idle[origin, default: []].append(connection)
        }
    }
}
