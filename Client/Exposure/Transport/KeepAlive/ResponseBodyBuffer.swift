import Foundation

/// A response body being received: one uninitialised block the socket reads straight into,
/// handed over as `Data` without a copy.
///
/// `Data(count:)` would zero the block first and appending from a read buffer would copy it;
/// at hundreds of kilobytes a segment either costs as much as the rest of the request.
final class ResponseBodyBuffer {
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0
    /// Bytes received so far.
    private(set) var count = 0

    deinit { storage?.deallocate() }

    /// Makes room for at least `extra` more bytes, doubling to keep growth linear overall.
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(count + extra, capacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        if let storage {
            grown.copyMemory(from: storage, byteCount: count)
            storage.deallocate()
        }
        storage = grown
        capacity = newCapacity
    }

    /// Appends a copy of `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage! + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Lets `read` fill up to `limit` bytes at the end (reserving them first) and keeps what it
    /// says it wrote.
    func append(upTo limit: Int, _ read: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> Int {
        reserve(limit)
        let written = try read(UnsafeMutableRawBufferPointer(start: storage! + count, count: limit))
        count += written
        return written
    }

    /// The bytes as `Data`, which takes the block over — or a right-sized copy when more than
    /// half of the block is unused (a short body read to the close into a 64 KiB reservation).
    /// The buffer is empty afterwards.
    func takeData() -> Data {
        guard let storage, count > 0 else { return Data() }
        let data: Data
        if capacity > 2 * count {
            data = Data(bytes: storage, count: count)
            storage.deallocate()
        } else {
            data = Data(bytesNoCopy: storage, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        }
        self.storage = nil
        capacity = 0
        count = 0
        return data
    }
}
