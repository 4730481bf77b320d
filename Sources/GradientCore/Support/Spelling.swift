/// "Did you mean" suggestions: the known word nearest to a misspelt one by edit distance.
enum Spelling {
    /// The word of `candidates` nearest to `word` (ASCII case ignored), when it is close enough to be a plausible
    /// slip: at most one edit for words up to 4 characters, two for longer ones. Insertions, deletions,
    /// substitutions and swaps of neighbouring characters count one edit each. Ties go to the earliest candidate.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased().utf8)
        guard !typed.isEmpty else { return nil }
        let allowed = typed.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.utf8)
            guard abs(known.count - typed.count) <= allowed, known != typed else { continue }
            let distance = editDistance(typed, known)
            if distance <= allowed && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The indices in `candidates` of the `count` candidates nearest to `word` by ``editDistance(_:_:)``, nearest
    /// first, ties in the candidates' order; no distance is too far. `word` is lowercased, so the candidates should
    /// be lower case.
    static func nearest(_ count: Int, to word: String, in candidates: [String]) -> [Int] {
        let typed = Array(word.lowercased().utf8)
        let ranked = candidates.enumerated().map {
            (index: $0.offset, distance: editDistance(typed, Array($0.element.utf8)))
        }
        let sorted = ranked.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return sorted.prefix(count).map(\.index)
    }

    /// Optimal-string-alignment distance between `a` and `b`: Levenshtein plus swaps of adjacent bytes.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
