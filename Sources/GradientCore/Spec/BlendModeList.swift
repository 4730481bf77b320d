/// The `blend` parameter: a comma-separated list of CSS `<blend-mode>` keywords, as `background-blend-mode`.
enum BlendModeList {
    /// The keywords, as CSS Compositing 1 lists them.
    static let names = BlendMode.allCases.map(\.cssName)

    /// The mode of each of `layerCount` layers, top first: the list repeated over the layers as CSS repeats list
    /// values (values past the last layer are ignored), every layer `normal` without `blend`. Keywords are ASCII
    /// case-insensitive and may have spaces around them; an empty or unknown one is refused naming `blend`, with
    /// the valid modes and the nearest one.
    static func modes(_ text: Substring?, layerCount: Int) throws(SpecError) -> [BlendMode] {
        guard let text else { return Array(repeating: .normal, count: layerCount) }
        var listed: [BlendMode] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let keyword = trimmed(item).lowercased()
            guard let mode = BlendMode(rawValue: keyword) else {
                let nearest =
                    keyword.isEmpty
                    ? nil
                    : Spelling.nearest(to: keyword, in: names)
                        ?? names.first { keyword.count >= 3 && $0.hasPrefix(keyword) }
                let hint = nearest.map { " (did you mean \"\($0)\"?)" } ?? ""
                throw .invalidValue(
                    parameter: "blend", token: keyword.isEmpty ? String(text) : String(trimmed(item)),
                    expected: "a comma-separated list of blend modes, one per css= layer (first on top), each one of "
                        + names.joined(separator: ", ") + hint)
            }
            listed.append(mode)
        }
        return (0..<layerCount).map { listed[$0 % listed.count] }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
