/// Writes a streamed body to one connection. Only valid inside the `produce` call it was given to.
package final class HTTPStreamWriter {
    private let socket: ConnectedSocket
    private let chunked: Bool
    package private(set) var isOpen = true

    init(socket: ConnectedSocket, chunked: Bool) {
        self.socket = socket
        self.chunked = chunked
    }

    /// Sends `bytes` at once; false when the connection is gone, after which writing is pointless.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        guard isOpen else { return false }
        guard !bytes.isEmpty else { return true }  // an empty chunk would end a chunked body
        var frame: [UInt8] = []
        if chunked {
            frame.reserveCapacity(bytes.count + 12)
            frame.append(contentsOf: String(bytes.count, radix: 16).utf8)
            frame.append(contentsOf: [0x0D, 0x0A])
            frame.append(contentsOf: bytes)
            frame.append(contentsOf: [0x0D, 0x0A])
        } else {
            frame = bytes
        }
        isOpen = socket.send(frame)
        return isOpen
    }

    /// Sends `text` in UTF-8; see `write(_:)`.
    @discardableResult
    package func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Waits up to `duration` while watching the connection, so a producer that waits for its
    /// next event still notices a client leaving or the server stopping. False once it is gone.
    @discardableResult
    package func waitWhileOpen(for duration: Duration) -> Bool {
        guard isOpen else { return false }
        isOpen = socket.waitWhileOpen(until: .now + duration)
        return isOpen
    }

    /// Ends a chunked body; returns whether the connection is still usable.
    func finish() -> Bool {
        if isOpen && chunked {
            isOpen = socket.send(Array("0\r\n\r\n".utf8))
        }
        return isOpen
    }
}
