extension CSSGradientParser {
    /// One value of a `<position>` as read: a keyword or a length-percentage, with its token.
    private enum PositionValue {
        case keyword(String, CSSToken)
        case length(LengthPercentage, CSSToken)

        var token: CSSToken {
            switch self {
            case .keyword(_, let token), .length(_, let token): return token
            }
        }
    }

    /// A `<position>` (CSS Values 4): one, two or four values from `left`, `center`, `right`, `top`, `bottom` and
    /// length-percentages; keyword offsets count from their edge. The 3-value forms of `background-position`
    /// (`right 10px top`) are not a `<position>`, and browsers refuse them in a gradient.
    mutating func parsePosition() throws(SpecError) -> PointDescription {
        var values: [PositionValue] = []
        while values.count < 4 {
            let token = try peek()
            if let name = token.identName, ["left", "center", "right", "top", "bottom"].contains(name) {
                values.append(.keyword(name, token))
                consume(token)
            } else if let length = try parseLengthPercentage(token) {
                values.append(.length(length, token))
            } else {
                break
            }
        }
        switch values.count {
        case 0: throw error("expected a position after 'at'", at: try peek())
        case 1: return try onePosition(values[0])
        case 2: return try twoPositions(values[0], values[1])
        case 3:
            throw error(
                "a position takes 1, 2 or 4 values, not 3 (an offset for each edge keyword: 'right 10px top 0')",
                at: values[0].token)
        default: return try offsetPositions(values)
        }
    }

    private func onePosition(_ value: PositionValue) throws(SpecError) -> PointDescription {
        switch value {
        case .length(let length, _): return PointDescription(x: length, y: .fraction(0.5))
        case .keyword(let name, _):
            switch name {
            case "left", "right": return PointDescription(x: edge(name), y: .fraction(0.5))
            case "top", "bottom": return PointDescription(x: .fraction(0.5), y: edge(name))
            default: return .center
            }
        }
    }

    private func twoPositions(_ a: PositionValue, _ b: PositionValue) throws(SpecError) -> PointDescription {
        switch (a, b) {
        case (.length(let x, _), .length(let y, _)):
            return PointDescription(x: x, y: y)
        case (.length(let x, _), .keyword(let name, let token)):
            guard ["top", "center", "bottom"].contains(name) else {
                throw error("expected 'top', 'center', 'bottom' or a length", at: token)
            }
            return PointDescription(x: x, y: edge(name))
        case (.keyword(let name, let token), .length(let y, _)):
            guard ["left", "center", "right"].contains(name) else {
                throw error("expected 'left', 'center', 'right' or a length before a vertical length", at: token)
            }
            return PointDescription(x: edge(name), y: y)
        case (.keyword(let first, _), .keyword(let second, let secondToken)):
            let swapped = ["top", "bottom"].contains(first) || ["left", "right"].contains(second)
            let (x, y) = swapped ? (second, first) : (first, second)
            guard ["left", "center", "right"].contains(x), ["top", "center", "bottom"].contains(y) else {
                throw error("expected a keyword for the other axis", at: secondToken)
            }
            return PointDescription(x: edge(x), y: edge(y))
        }
    }

    /// The 4-value form: two keywords, each of `left`/`right`/`top`/`bottom` followed by an offset from that edge;
    /// one for each axis.
    private func offsetPositions(_ values: [PositionValue]) throws(SpecError) -> PointDescription {
        var groups: [(name: String, token: CSSToken, offset: LengthPercentage?)] = []
        var index = 0
        while index < values.count {
            guard case .keyword(let name, let token) = values[index], groups.count < 2 else {
                throw error("expected a keyword followed by an optional offset", at: values[index].token)
            }
            if name != "center", index + 1 < values.count, case .length(let offset, _) = values[index + 1] {
                groups.append((name, token, offset))
                index += 2
            } else {
                groups.append((name, token, nil))
                index += 1
            }
        }
        guard groups.count == 2 else { throw error("expected a position", at: values[0].token) }
        let isVertical: (String) -> Bool = { $0 == "top" || $0 == "bottom" }
        let isHorizontal: (String) -> Bool = { $0 == "left" || $0 == "right" }
        let swapped = isVertical(groups[0].name) || isHorizontal(groups[1].name)
        let (horizontal, vertical) = swapped ? (groups[1], groups[0]) : (groups[0], groups[1])
        guard !isVertical(horizontal.name), !isHorizontal(vertical.name) else {
            throw error("expected a keyword for the other axis", at: groups[1].token)
        }
        return PointDescription(
            x: edge(horizontal.name, offset: horizontal.offset), y: edge(vertical.name, offset: vertical.offset))
    }

    /// The coordinate of a position keyword, moved by `offset` away from its edge.
    private func edge(_ name: String, offset: LengthPercentage? = nil) -> LengthPercentage {
        let delta = offset ?? .fraction(0)
        switch name {
        case "left", "top": return delta
        case "right", "bottom": return delta.fromFarEdge
        default: return .fraction(0.5)
        }
    }
}
