/// A least-recently-used map bounded by total cost and entry count: a dictionary from key to slot plus an
/// intrusive doubly linked list threaded through an array of slots, so lookup, insertion and eviction are O(1).
///
/// A value whose cost exceeds ``maxCost`` on its own is refused rather than evicting everything.
struct LRUStorage<Value> {
    private struct Slot {
        var key: String
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    /// Upper bound on the sum of the costs of the stored values.
    let maxCost: Int
    /// Upper bound on the number of stored values.
    let maxCount: Int
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var index: [String: Int] = [:]
    /// Most recently used slot, or -1.
    private var newest = -1
    /// Least recently used slot, or -1.
    private var oldest = -1
    /// The sum of the costs of the stored values.
    private(set) var totalCost = 0

    init(maxCost: Int, maxCount: Int) {
        self.maxCost = max(0, maxCost)
        self.maxCount = max(0, maxCount)
    }

    /// The number of stored values.
    var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used; nil when absent.
    mutating func value(forKey key: String) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return slots[slot].value
    }

    /// Whether `key` is stored, without changing the order.
    func contains(_ key: String) -> Bool { index[key] != nil }

    /// Stores `value` as the most recently used, evicting the least recently used values until both bounds hold.
    /// Returns how many values were evicted, or nil when `cost` alone exceeds the bounds (nothing is stored).
    mutating func insert(_ value: Value, forKey key: String, cost: Int) -> Int? {
        guard cost <= maxCost, maxCount > 0 else { return nil }
        removeValue(forKey: key)
        var evicted = 0
        while oldest >= 0 && (totalCost + cost > maxCost || index.count + 1 > maxCount) {
            removeSlot(oldest)
            evicted += 1
        }
        let slot: Int
        let fresh = Slot(key: key, value: value, cost: cost, newer: -1, older: newest)
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = fresh
        } else {
            slot = slots.count
            slots.append(fresh)
        }
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        index[key] = slot
        totalCost += cost
        return evicted
    }

    /// Removes the value for `key`, if any.
    mutating func removeValue(forKey key: String) {
        guard let slot = index[key] else { return }
        removeSlot(slot)
    }

    /// Keys from the most to the least recently used.
    var keysByRecency: [String] {
        var keys: [String] = []
        var slot = newest
        while slot >= 0 {
            keys.append(slots[slot].key)
            slot = slots[slot].older
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        slots[slot].newer = -1
        slots[slot].older = newest
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func removeSlot(_ slot: Int) {
        unlink(slot)
        index[slots[slot].key] = nil
        totalCost -= slots[slot].cost
        slots[slot].value = nil
        slots[slot].key = ""
        freeSlots.append(slot)
    }
}
