/// CSS Images 4 "color stop fixup" (§3.5.3): gives every stop a position, never going backwards.
enum StopFixup {
    /// A stop or hint with its position in reference units, before fix-up.
    enum Item<Color> {
        case stop(Color, position: Double?)
        case hint(position: Double)
    }

    /// A fixed-up stop with the hint, if any, between it and the next stop.
    struct Stop<Color> {
        var color: Color
        var position: Double
        var hintToNext: Double?
    }

    /// Applies the fix-up: a first or last stop without a position goes to 0 or 1; a position less than any before
    /// it is raised to the largest before it; runs of stops without positions are spread evenly between the
    /// positioned stops or hints around them. Hints take part in the last two rules as Chromium has them (CSS
    /// Images 4 spreads a run between stops only: `red, blue 40%, 60%, black, white` puts black at 80%, not 70%).
    /// `items` must start and end with a stop.
    static func fixUp<Color>(_ items: [Item<Color>]) -> [Stop<Color>] {
        var positions: [Double?] = items.map {
            switch $0 {
            case .stop(_, let position): return position
            case .hint(let position): return position
            }
        }
        let stopIndices = items.indices.filter { if case .stop = items[$0] { return true } else { return false } }
        guard let firstStop = stopIndices.first, let lastStop = stopIndices.last else { return [] }
        if positions[firstStop] == nil { positions[firstStop] = 0 }
        if positions[lastStop] == nil { positions[lastStop] = 1 }
        var largest = -Double.infinity
        for index in positions.indices {
            guard let position = positions[index] else { continue }
            largest = max(largest, position)
            positions[index] = largest
        }
        var runStart: Int? = nil
        for index in items.indices {
            guard let after = positions[index] else {
                if runStart == nil { runStart = index }
                continue
            }
            if let start = runStart {
                let before = positions[start - 1]!
                let gaps = Double(index - start + 1)
                for runIndex in start..<index {
                    positions[runIndex] = before + (after - before) * Double(runIndex - start + 1) / gaps
                }
                runStart = nil
            }
        }
        var stops: [Stop<Color>] = []
        stops.reserveCapacity(stopIndices.count)
        for (index, item) in items.enumerated() {
            switch item {
            case .stop(let color, _):
                stops.append(Stop(color: color, position: positions[index]!, hintToNext: nil))
            case .hint:
                stops[stops.count - 1].hintToNext = positions[index]!
            }
        }
        return stops
    }
}
