/// A response as read off a socket, with the body de-chunked.
public struct WireResponse {
    /// The status code.
    public var status: Int
    /// The header fields in order, names as sent.
    public var headers: [(String, String)]
    /// The body, de-chunked; empty for HEAD and 304.
    public var body: [UInt8]
    /// Whether the body came with chunked transfer-coding.
    public var wasChunked: Bool

    /// The value of the first field called `name`, in any case.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Every complete response at the start of `bytes`, and how many bytes they took.
    public static func parseAll(_ bytes: [UInt8], headOnly: Bool) -> ([WireResponse], Int) {
        var responses: [WireResponse] = []
        var offset = 0
        while let (response, consumed) = parse(bytes, from: offset, headOnly: headOnly) {
            responses.append(response)
            offset += consumed
        }
        return (responses, offset)
    }

    private static func parse(_ bytes: [UInt8], from start: Int, headOnly: Bool) -> (WireResponse, Int)? {
        guard let end = find([13, 10, 13, 10], in: bytes, from: start) else { return nil }
        let lines = String(decoding: bytes[start..<end], as: UTF8.self).split(separator: "\r\n").map(String.init)
        guard let first = lines.first, let status = Int(first.split(separator: " ")[1]) else { return nil }
        let headers = lines.dropFirst().map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1].drop { $0 == " " }) : "")
        }
        var response = WireResponse(status: status, headers: headers, body: [], wasChunked: false)
        var position = end + 4
        if headOnly || status == 304 { return (response, position - start) }
        if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            guard bytes.count >= position + length else { return nil }
            response.body = Array(bytes[position..<(position + length)])
            return (response, position + length - start)
        }
        guard response.header("Transfer-Encoding") == "chunked" else { return (response, position - start) }
        response.wasChunked = true
        while true {
            guard let lineEnd = find([13, 10], in: bytes, from: position),
                let size = Int(String(decoding: bytes[position..<lineEnd], as: UTF8.self), radix: 16)
            else { return nil }
            let chunkStart = lineEnd + 2
            guard bytes.count >= chunkStart + size + 2 else { return nil }
            response.body.append(contentsOf: bytes[chunkStart..<(chunkStart + size)])
            position = chunkStart + size + 2
            if size == 0 { return (response, position - start) }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
