/// Codes a smooth Sub-filtered row (almost every byte zero: an undithered radial or conic gradient, whose nonzero bytes
/// are where a channel steps to its next value) by visiting only its steps. Runs of zeros are copies one byte back.
/// Where a channel steps, a row above usually stepped the same way a few pixels to the left or right (the ring moved
/// between the rows), so a copy from that row, shifted to align the two steps, reproduces the step and the zeros around
/// it; the nearest earlier steps of the same value in the row itself are tried as well. A row costs time in proportion
/// to its steps, where zlib walks every byte of the runs of zeros. The candidate counts, measured: docs/png-encoder.md
/// ("SmoothRowMatcher").
struct SmoothRowMatcher: ~Copyable {
    /// Pixels either way within which a step of a row above is aligned with one of the current row.
    static let maximumShift = 32
    /// Rows above whose steps are aligned with the current row's (as far as the history reaches).
    static let maximumRowsBack = 4
    /// Steps of each row above (with the same byte value) tried per copy.
    static let maximumAboveCandidates = 8
    /// Earlier steps of the same row (with the same byte value) tried per copy.
    static let maximumRowCandidates = 4
    /// Earlier steps of the row looked at, at most, to find ``maximumRowCandidates`` of the same value.
    static let rowCandidateReach = 64
    /// A copy at least this long is taken without trying further candidates.
    static let niceLength = 128

    private let rowLength: Int
    private let maximumShiftBytes: Int
    /// Step positions of the current row and of up to ``maximumRowsBack`` rows before it, as a ring of `slotCount`
    /// slots of `rowLength` positions each, the row at stream offset `o` in slot `(o / rowLength) % slotCount`.
    private let steps: UnsafeMutablePointer<Int32>
    private let slotCount: Int
    /// For each slot, its step count and the stream offset of the row it describes (-1: none).
    private let stepCounts: UnsafeMutablePointer<Int>
    private let slotOffsets: UnsafeMutablePointer<Int>
    private let aboveIndices: UnsafeMutablePointer<Int>
    private let aboveSlots: UnsafeMutablePointer<Int>

    init(format: PNGImageFormat) {
        rowLength = format.bytesPerRow + 1
        maximumShiftBytes = Self.maximumShift * format.bytesPerPixel
        slotCount = Self.maximumRowsBack + 1
        steps = .allocate(capacity: slotCount * rowLength)
        stepCounts = .allocate(capacity: slotCount)
        stepCounts.initialize(repeating: 0, count: slotCount)
        slotOffsets = .allocate(capacity: slotCount)
        slotOffsets.initialize(repeating: -1, count: slotCount)
        aboveIndices = .allocate(capacity: Self.maximumRowsBack)
        aboveIndices.initialize(repeating: 0, count: Self.maximumRowsBack)
        aboveSlots = .allocate(capacity: Self.maximumRowsBack)
        aboveSlots.initialize(repeating: 0, count: Self.maximumRowsBack)
    }

    deinit {
        steps.deallocate()
        stepCounts.deallocate()
        slotOffsets.deallocate()
        aboveIndices.deallocate()
        aboveSlots.deallocate()
    }

    /// The slot holding the steps of the row at stream offset `offset` (whose filtered bytes are at `bytes`),
    /// collected now unless already known.
    private func slot(forRowAt offset: Int, bytes: UnsafePointer<UInt8>) -> Int {
        let slot = (offset / rowLength) % slotCount
        if slotOffsets[slot] != offset {
            stepCounts[slot] = Self.collectNonzero(bytes, count: rowLength, into: steps + slot * rowLength)
            slotOffsets[slot] = offset
        }
        return slot
    }

    /// Codes the row at `history.current` into `tokens` (as ``TokenBlock`` takes them); `literalBits` and `copyBits`
    /// as for ``HashMatcher/code(_:into:literalBits:copyBits:)``.
    func code(_ history: FilteredRowHistory, into tokens: inout [UInt32], literalBits: Int, copyBits: Int) {
        tokens.removeAll(keepingCapacity: true)
        let current = UnsafePointer(history.current)
        let available = history.historyByteCount
        let rowStart = history.currentStreamOffset
        // The current row's slot is always collected afresh: an earlier image row may have left the same offset.
        let currentSlot = (rowStart / rowLength) % slotCount
        slotOffsets[currentSlot] = -1
        _ = slot(forRowAt: rowStart, bytes: current)
        let currentSteps = UnsafePointer(steps + currentSlot * rowLength)
        let currentCount = stepCounts[currentSlot]
        let rowsBack = min(history.rowCount, Self.maximumRowsBack)
        for back in 0..<rowsBack {
            let distance = (back + 1) * rowLength
            aboveSlots[back] = slot(forRowAt: rowStart - distance, bytes: current - distance)
            aboveIndices[back] = 0
        }
        var position = 0
        var lastDistance = 0
        var stepIndex = 0
        while position < rowLength {
            let limit = min(DeflateLimits.maximumCopyLength, rowLength - position)
            guard limit >= 3 else {
                for offset in 0..<limit {
                    tokens.append(TokenBlock.literal(current[position + offset]))
                }
                break
            }
            let reach = available + position
            let nice = min(limit, Self.niceLength)
            var bestLength = 0
            var bestDistance = 0
            var bestSaving = Int.min
            /// Keeps the copy if it saves more over literals than the best so far.
            @inline(__always)
            func keep(length: Int, distance: Int) {
                let saving =
                    length * literalBits - copyBits - DeflateDistanceCode(distance: distance).extraBitCount
                if saving > bestSaving {
                    bestLength = length
                    bestDistance = distance
                    bestSaving = saving
                }
            }
            @inline(__always)
            func consider(_ distance: Int) {
                guard distance <= reach else { return }
                keep(
                    length: RowMatcher.matchLength(current + position, current + position - distance, limit: limit),
                    distance: distance)
            }
            while stepIndex < currentCount && Int(currentSteps[stepIndex]) < position {
                stepIndex += 1
            }
            // Inside a run of zeros, a copy one byte back reaches the next step: known without comparing.
            if reach >= 1 && current[position] == 0 && current[position - 1] == 0 {
                let nextStep = stepIndex < currentCount ? Int(currentSteps[stepIndex]) : rowLength
                bestLength = min(limit, nextStep - position)
                bestDistance = 1
                bestSaving = bestLength * literalBits - copyBits
            } else {
                consider(1)
            }
            if lastDistance > 1 { consider(lastDistance) }
            if stepIndex < currentCount, Int(currentSteps[stepIndex]) - position < limit {
                let step = Int(currentSteps[stepIndex])
                let gap = step - position
                let value = current[step]
                // A copy aligned on this step reproduces the zeros before it only if its source has no step there
                // either: that is checked on the source's step list, and only the part from the step is compared.
                @inline(__always)
                func considerAligned(_ distance: Int, sourceStep: Int, previousSourceStep: Int) {
                    guard distance <= reach, previousSourceStep < sourceStep - gap else { return }
                    keep(
                        length: gap
                            + RowMatcher.matchLength(current + step, current + step - distance, limit: limit - gap),
                        distance: distance)
                }
                for back in 0..<rowsBack where bestLength < nice {
                    let slot = aboveSlots[back]
                    let aboveSteps = steps + slot * rowLength
                    let aboveCount = stepCounts[slot]
                    let rowDistance = (back + 1) * rowLength
                    let above = current - rowDistance
                    var index = aboveIndices[back]
                    while index < aboveCount && Int(aboveSteps[index]) < step - maximumShiftBytes {
                        index += 1
                    }
                    aboveIndices[back] = index
                    var tried = 0
                    while index < aboveCount && tried < Self.maximumAboveCandidates && bestLength < nice {
                        let aboveStep = Int(aboveSteps[index])
                        if aboveStep > step + maximumShiftBytes { break }
                        if above[aboveStep] == value {
                            let distance = rowDistance + step - aboveStep
                            // Before the row's first step, the source runs into the row above it: compared whole.
                            let previous = index > 0 ? Int(aboveSteps[index - 1]) : Int.min
                            if distance != lastDistance && distance <= SlidingWindow.size {
                                if aboveStep >= gap {
                                    considerAligned(distance, sourceStep: aboveStep, previousSourceStep: previous)
                                } else {
                                    consider(distance)
                                }
                            }
                            tried += 1
                        }
                        index += 1
                    }
                }
                var index = stepIndex - 1
                var tried = 0
                while index >= 0 && tried < Self.maximumRowCandidates && stepIndex - index <= Self.rowCandidateReach
                    && bestLength < nice
                {
                    let earlier = Int(currentSteps[index])
                    if current[earlier] == value {
                        let distance = step - earlier
                        if distance != lastDistance && distance > 1 {
                            let previous = index > 0 ? Int(currentSteps[index - 1]) : Int.min
                            if earlier >= gap {
                                considerAligned(distance, sourceStep: earlier, previousSourceStep: previous)
                            } else {
                                consider(distance)
                            }
                        }
                        tried += 1
                    }
                    index -= 1
                }
            }
            if bestLength >= 3 && bestSaving >= 0 {
                tokens.append(TokenBlock.match(length: bestLength, distance: bestDistance))
                position += bestLength
                lastDistance = bestDistance
            } else {
                tokens.append(TokenBlock.literal(current[position]))
                position += 1
            }
        }
    }

    /// Writes the positions of the nonzero bytes among the first `count` at `bytes`, in order, to `positions`;
    /// returns how many there are.
    private static func collectNonzero(
        _ bytes: UnsafePointer<UInt8>, count: Int, into positions: UnsafeMutablePointer<Int32>
    ) -> Int {
        var found = 0
        let raw = UnsafeRawPointer(bytes)
        var index = 0
        while index + 8 <= count {
            var word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            while word != 0 {
                let byte = word.trailingZeroBitCount / 8
                positions[found] = Int32(truncatingIfNeeded: index + byte)
                found += 1
                word &= ~(0xFF << UInt64(byte * 8))
            }
            index += 8
        }
        while index < count {
            if bytes[index] != 0 {
                positions[found] = Int32(truncatingIfNeeded: index)
                found += 1
            }
            index += 1
        }
        return found
    }
}
