/// What one request may cost whatever the server sends: the bytes of its body and the time
/// from sending it to the last byte. A server that trickles its head or body a byte at a time
/// never trips an idle timeout; the deadline still ends it.
package struct TransferLimits: Sendable, Equatable {
    /// Bytes of body kept at most; the transfer is aborted when more arrive.
    package var maxBytes: Int
    /// Seconds from sending the request to its last byte.
    package var deadlineSeconds: Int

    package init(maxBytes: Int, deadlineSeconds: Int) {
        self.maxBytes = max(0, maxBytes)
        self.deadlineSeconds = max(1, deadlineSeconds)
    }

    /// The same limits with a different byte cap (images have their own).
    package func capped(at bytes: Int) -> TransferLimits {
        TransferLimits(maxBytes: bytes, deadlineSeconds: deadlineSeconds)
    }
}
