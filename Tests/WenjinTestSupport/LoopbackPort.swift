import Foundation
import Glibc

/// Listening sockets on 127.0.0.1 for the tests' own servers, and port numbers for outside
/// servers a test starts (nginx, kiwix-serve), which take a number, not a socket.
package enum LoopbackPort {
    /// A socket listening on a port the kernel chose, and that port.
    package static func listening(backlog: Int32 = 128) throws -> (descriptor: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, backlog) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port the kernel just gave out and that is free again: another process may take it
    /// first, so callers retry a start that fails with "address in use".
    package static func unused() throws -> Int {
        let (fd, port) = try listening(backlog: 1)
        close(fd)
        return port
    }
}
