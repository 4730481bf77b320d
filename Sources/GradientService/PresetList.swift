import GradientCore
import HTTPCore

/// `GET /presets`: the preset collection as JSON, `[{"name":"Omolon","slug":"omolon","colors":["#091e3a",…]},…]`,
/// built once. The body changes only with the binary, so it carries a strong ETag (a hash of the body) and may be
/// cached for a day, then revalidated with `If-None-Match`.
enum PresetList {
    /// The JSON document, one line, ending in a newline.
    static let body: [UInt8] = {
        var bytes = Array("[".utf8)
        for (index, preset) in GradientPreset.all.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array("{\"name\":".utf8)
            JSONText.appendQuoted(preset.name, to: &bytes)
            bytes += Array(",\"slug\":".utf8)
            JSONText.appendQuoted(preset.slug, to: &bytes)
            bytes += Array(",\"colors\":[".utf8)
            for (colorIndex, color) in preset.colors.enumerated() {
                if colorIndex > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(color, to: &bytes)
            }
            bytes += Array("]}".utf8)
        }
        return bytes + Array("]\n".utf8)
    }()

    /// The strong ETag: the first 128 bits of the body's SHA-256, quoted.
    static let etag = "\"" + SHA256.hexDigest(of: body).prefix(32) + "\""

    /// A day in shared and private caches, then revalidated: the list changes only when the service is upgraded.
    static let cacheControl = "public, max-age=86400"

    /// The head of a 200 (with Content-Type) or, when `notModified`, a 304.
    static func head(notModified: Bool) -> HTTPResponseHead {
        var headers = HTTPHeaders()
        if !notModified { headers.add(name: "Content-Type", value: "application/json") }
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Cache-Control", value: cacheControl)
        CrossOriginHeaders.add(to: &headers)
        return HTTPResponseHead(status: notModified ? 304 : 200, headers: headers)
    }
}
