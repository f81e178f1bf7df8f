/// SHA-256 (FIPS 180-4), in Swift because Linux has no CryptoKit and the package takes no outside
/// Swift packages; a downloaded file's digest is what `verify` compares, so it must be exact on
/// every platform. Feed bytes with ``update(_:)`` in any chunks, then read ``finalize()``.
struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init() { pending.reserveCapacity(64) }

    /// The hex digest of `bytes`.
    static func hex(of bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds bytes to the message.
    mutating func update(_ bytes: some Collection<UInt8>) {
        length &+= UInt64(bytes.count)
        if let done: Void = bytes.withContiguousStorageIfAvailable({ absorb($0) }) { return done }
        Array(bytes).withUnsafeBufferPointer { absorb($0) }
    }

    /// The digest of everything added, as 64 lowercase hex digits.
    mutating func finalize() -> String {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        pending = []
        tail.withUnsafeBufferPointer { buffer in
            compress(buffer.baseAddress!, count: buffer.count / 64)
        }
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for word in words {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int((word >> UInt32(shift)) & 0xf)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func absorb(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard var base = buffer.baseAddress else { return }
        var remaining = buffer.count
        if !pending.isEmpty {
            let taken = min(64 - pending.count, remaining)
            pending.append(contentsOf: UnsafeBufferPointer(start: base, count: taken))
            base += taken
            remaining -= taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = remaining / 64
        if whole > 0 {
            compress(base, count: whole)
            base += whole * 64
            remaining -= whole * 64
        }
        pending.append(contentsOf: UnsafeBufferPointer(start: base, count: remaining))
    }

    /// Compresses `count` 64-byte blocks starting at `blocks`.
    ///
    /// Written for debug builds too (the tests hash megabytes): masking shifts and raw pointers
    /// are inlined at -Onone, where generic shifts and checked buffer subscripts are calls.
    private mutating func compress(_ blocks: UnsafePointer<UInt8>, count: Int = 1) {
        Self.k.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let w = schedule.baseAddress!
                var (h0, h1, h2, h3, h4, h5, h6, h7) = state
                for blockIndex in 0..<count {
                    let block = blocks + blockIndex &* 64
                    for i in 0..<16 {
                        let b = block + i &* 4
                        w[i] = UInt32(b[0]) &<< 24 | UInt32(b[1]) &<< 16 | UInt32(b[2]) &<< 8 | UInt32(b[3])
                    }
                    for i in 16..<64 {
                        let x = w[i &- 15], y = w[i &- 2]
                        let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
                        let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
                        w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    // Eight rounds per pass with the roles rotated instead of the values moved.
                    var i = 0
                    while i < 64 {
                        Self.round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                        Self.round(h, a, b, &c, d, e, f, &g, k[i &+ 1] &+ w[i &+ 1])
                        Self.round(g, h, a, &b, c, d, e, &f, k[i &+ 2] &+ w[i &+ 2])
                        Self.round(f, g, h, &a, b, c, d, &e, k[i &+ 3] &+ w[i &+ 3])
                        Self.round(e, f, g, &h, a, b, c, &d, k[i &+ 4] &+ w[i &+ 4])
                        Self.round(d, e, f, &g, h, a, b, &c, k[i &+ 5] &+ w[i &+ 5])
                        Self.round(c, d, e, &f, g, h, a, &b, k[i &+ 6] &+ w[i &+ 6])
                        Self.round(b, c, d, &e, f, g, h, &a, k[i &+ 7] &+ w[i &+ 7])
                        i &+= 8
                    }
                    h0 = h0 &+ a; h1 = h1 &+ b; h2 = h2 &+ c; h3 = h3 &+ d
                    h4 = h4 &+ e; h5 = h5 &+ f; h6 = h6 &+ g; h7 = h7 &+ h
                }
                state = (h0, h1, h2, h3, h4, h5, h6, h7)
            }
        }
    }

    /// One round: `d` and `h` take the values the next round calls `e` and `a`.
    @inline(__always)
    private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                              _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantPlusWord: UInt32) {
        let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
        let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ constantPlusWord
        let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
        d = d &+ t1
        h = t1 &+ s0 &+ ((a & b) ^ (a & c) ^ (b & c))
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
