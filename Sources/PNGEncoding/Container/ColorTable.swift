/// Colour → palette index for at most ``PNGPalette/maximumCount`` colours: open addressing over a fixed table a
/// few times larger, so a lookup is a multiply, a shift and usually one probe. No allocation after `init`.
final class ColorTable {
    private static let slotCount = 1024
    private static let emptySlot = UInt16.max
    private let keys: UnsafeMutablePointer<UInt32>
    private let indices: UnsafeMutablePointer<UInt16>
    private(set) var count = 0

    init() {
        keys = .allocate(capacity: Self.slotCount)
        keys.initialize(repeating: 0, count: Self.slotCount)
        indices = .allocate(capacity: Self.slotCount)
        indices.initialize(repeating: Self.emptySlot, count: Self.slotCount)
    }

    deinit {
        keys.deallocate()
        indices.deallocate()
    }

    /// The colour of `bytesPerColor` samples at `offset` packed into one word (R in the low byte).
    @inline(__always)
    static func key(of samples: UnsafePointer<UInt8>, bytesPerColor: Int) -> UInt32 {
        let rgb = UInt32(samples[0]) | UInt32(samples[1]) << 8 | UInt32(samples[2]) << 16
        return bytesPerColor == 4 ? rgb | UInt32(samples[3]) << 24 : rgb
    }

    static func key(of samples: [UInt8], at offset: Int, bytesPerColor: Int) -> UInt32 {
        samples.withUnsafeBufferPointer { key(of: $0.baseAddress! + offset, bytesPerColor: bytesPerColor) }
    }

    /// The index of `key`, or nil when it is not in the table.
    @inline(__always)
    func index(of key: UInt32) -> UInt8? {
        var slot = Self.slot(of: key)
        while true {
            let index = indices[slot]
            if index == Self.emptySlot {
                return nil
            }
            if keys[slot] == key {
                return UInt8(truncatingIfNeeded: index)
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// Adds `key` (not yet in the table) as the next index; false when the table already holds
    /// ``PNGPalette/maximumCount`` colours.
    func insert(_ key: UInt32) -> Bool {
        guard count < PNGPalette.maximumCount else { return false }
        var slot = Self.slot(of: key)
        while indices[slot] != Self.emptySlot {
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        keys[slot] = key
        indices[slot] = UInt16(count)
        count += 1
        return true
    }

    @inline(__always)
    private static func slot(of key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> 22)
    }
}
