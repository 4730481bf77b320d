import CZlib
import Foundation
import GradientImage
import PNGEncoding
import Testing

/// CSS gradients whose PNG once came out heavier than Pillow's `optimize=True` of the same pixels (bench/png_peers.py
/// measures all of bench/data/css-gradients.txt): each must stay at or under that peer's bytes, computed here as
/// Pillow computes them, by the minimum-sum filter choice per row and zlib level 9.
@Suite("PNG bytes against minimum-sum filters and zlib level 9")
struct PeerCompressionTests {
    /// The image's samples as Pillow holds them: RGB when every pixel is opaque, else RGBA.
    private static func peerRows(_ image: DecodedGradient) -> (rows: [[UInt8]], bytesPerPixel: Int) {
        guard case .eightBit(let samples) = image.decoded.pixels else { return ([], 0) }
        let opaque = stride(from: 3, to: samples.count, by: 4).allSatisfy { samples[$0] == 255 }
        let bytesPerPixel = opaque ? 3 : 4
        let rows = (0..<image.height).map { y in
            (0..<image.width).flatMap { x in
                let base = (y * image.width + x) * 4
                return Array(samples[base..<base + bytesPerPixel])
            }
        }
        return (rows, bytesPerPixel)
    }

    /// The rows filtered as Pillow's encoder filters them: each with the filter whose bytes, read as signed, sum to
    /// the least magnitude (the first such of None, Sub, Up, Average, Paeth).
    private static func minimumSumStream(_ rows: [[UInt8]], bytesPerPixel: Int) -> [UInt8] {
        var stream: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
        for row in rows {
            var best: (sum: Int, filtered: [UInt8])?
            for filter in 0..<5 {
                var filtered = [UInt8(filter)]
                filtered.reserveCapacity(row.count + 1)
                var sum = 0
                for index in row.indices {
                    let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                    let above = Int(previous[index])
                    let aboveLeft = index >= bytesPerPixel ? Int(previous[index - bytesPerPixel]) : 0
                    let predicted: Int
                    switch filter {
                    case 0: predicted = 0
                    case 1: predicted = left
                    case 2: predicted = above
                    case 3: predicted = (left + above) / 2
                    default:
                        let estimate = left + above - aboveLeft
                        let (toLeft, toAbove, toCorner) = (
                            abs(estimate - left), abs(estimate - above), abs(estimate - aboveLeft)
                        )
                        predicted =
                            toLeft <= toAbove && toLeft <= toCorner ? left : toAbove <= toCorner ? above : aboveLeft
                    }
                    let byte = UInt8(truncatingIfNeeded: Int(row[index]) - predicted)
                    filtered.append(byte)
                    sum += abs(Int(Int8(bitPattern: byte)))
                }
                if best == nil || sum < best!.sum { best = (sum, filtered) }
            }
            stream += best!.filtered
            previous = row
        }
        return stream
    }

    /// zlib level 9's bytes for `data` (memory level 9, as Pillow sets it).
    private static func zlibLevel9Count(_ data: [UInt8]) throws -> Int {
        var stream = z_stream()
        #expect(
            deflateInit2_(
                &stream, 9, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
                == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(data.count))))
        var input = data
        let status = input.withUnsafeMutableBufferPointer { inputBytes in
            output.withUnsafeMutableBufferPointer { outputBytes in
                stream.next_in = inputBytes.baseAddress
                stream.avail_in = UInt32(inputBytes.count)
                stream.next_out = outputBytes.baseAddress
                stream.avail_out = UInt32(outputBytes.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        #expect(status == Z_STREAM_END)
        return Int(stream.total_out)
    }

    @Test(
        "once heavier than Pillow's optimize=True, now at most its bytes",
        arguments: [
            // A hairline over a vertical ramp, a 2-pixel grid over one: rows that repeat with a few breaks.
            "linear-gradient(90deg, transparent 49%, #fff 49% 51%, transparent 51%), linear-gradient(#0f2027, #2c5364)",
            "repeating-linear-gradient(90deg, rgba(255,255,255,0.15) 0 2px, transparent 2px 40px), "
                + "repeating-linear-gradient(0deg, rgba(255,255,255,0.15) 0 2px, transparent 2px 40px), "
                + "linear-gradient(#232526, #414345)",
            // Dithered stripes between close colours: a palette whose rows copy short pieces from far above.
            "repeating-linear-gradient(30deg, #1e3c72, #2a5298 50px, #1e3c72 100px)",
            // A translucent radial gradient: sparse RGBA rows.
            "radial-gradient(circle at 70% 30%, #ffffffcc, #ffffff00 50%)",
            // A saturated 45° ramp (1.165×): its rows recur within themselves 1,464 and 1,465 bytes back, which the
            // ranking's 8-byte samples do not single out.
            "linear-gradient(45deg, #ff0000, #00ff00, #0000ff)",
            // A repeating 45° ramp (1.014×): hard edges, whose rows recur in pieces the anchors find.
            "repeating-linear-gradient(45deg, #3a1c71, #d76d77 30px, #ffaf7b 60px)",
            // A full turn of hue down 630 rows: periodic rows whose periods do not recur (Up-filtered).
            "linear-gradient(in hsl longer hue, red, red)",
            // Translucent horizontal ramps: RGBA rows repeating the row 8 above from beyond deflate's window.
            "linear-gradient(90deg, rgba(0,0,0,0.8), rgba(255,255,255,0.2))",
            "linear-gradient(90deg, rgba(255,0,0,1), rgba(0,0,255,0.5))",
            // Three flat rings (dithered, three colours) and translucent stripes over a ramp (251 colours): indexed.
            // The stripes' alpha is written in the space syntax, which keeps 0.1 (the comma syntax's 26/255 draws
            // 264 colours, an RGB image: bench/README.md lists it among the images above Pillow's bytes).
            "radial-gradient(circle at 30% 40%, #ffd700 20%, #ff8c00 20% 40%, #8b0000 40%)",
            "repeating-linear-gradient(45deg, rgb(255 255 255 / 0.1) 0 10px, transparent 10px 20px), "
                + "linear-gradient(#1e3c72, #2a5298)",
        ])
    func heavyCase(css: String) throws {
        try expectAtMostPeer(css: css)
    }

    @Test(
        "rows whose full-length copies have cheaper rivals keep searching for them",
        arguments: zip(
            [
                // Dithered rows copying the row 8 above whole that also repeat within themselves (1.20× the peer's
                // bytes when their full-length copies stopped searching, as a dithered 135° card's shifted ones do).
                "linear-gradient(90deg, #ff0000, #00ff00, #0000ff)",
                // Undithered 135° rows, Up-filtered (1.06× when their full-length copies stopped searching).
                "linear-gradient(135deg, #ff00cc, #333399)",
            ], ["on", "off"]))
    func fullLengthCopyRivals(css: String, dither: String) throws {
        try expectAtMostPeer(css: css, options: "&dither=" + dither)
    }

    @Test(
        "undithered 135° presets once heavier than Pillow's optimize=True, now at most its bytes",
        arguments: [
            // Five stops: Sub-filtered rows too dense for the Up trial, which copy the row above (1.105×).
            "linear-gradient(135deg, #0c0c6d, #de512b, #98d0c1, #5bb226, #023c0d)",
            // Up-filtered rows that recur within themselves 1,768 and 1,830 bytes back (1.052×).
            "linear-gradient(135deg, #fc00ff, #00dbde)",
            // Rows whose codes change down the image, in one block until blocks were split (1.002×).
            "linear-gradient(135deg, #ff0084, #33001b)",
            // Rows zlib codes smaller Paeth-filtered than Up-filtered (1.042×), and rows whose step pattern recurs at
            // distances that change down the image (1.037×).
            "linear-gradient(135deg, #fffc00, #ffffff)",
            "linear-gradient(135deg, #1E9600, #FFF200, #FF0000)",
        ])
    func undithered(css: String) throws {
        try expectAtMostPeer(css: css, options: "&dither=off")
    }

    @Test(
        "600×200 horizontal presets once heavier than Pillow's optimize=True, now at most its bytes",
        arguments: [
            // Dithered: the first row's copies break off after 130–140 bytes where one twice as far runs 258 (1.006×).
            ("linear-gradient(90deg, #20002c, #cbb4d4)", "on"),
            // Undithered: the first row is most of the image; zlib's chains code it smaller (1.011× and 1.010×).
            ("linear-gradient(90deg, #FDFC47, #24FE41)", "off"),
            ("linear-gradient(90deg, #A1FFCE, #FAFFD1)", "off"),
        ])
    func banner(css: String, dither: String) throws {
        try expectAtMostPeer(css: css, width: 600, height: 200, options: "&dither=" + dither)
    }

    /// Expects the PNG of `css` (1200×630 unless told, with the query's `options`) to be at most the peer's bytes.
    private func expectAtMostPeer(css: String, width: Int = 1200, height: Int = 630, options: String = "") throws {
        let encoded = try #require(css.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let query = "css=" + encoded + "&width=\(width)&height=\(height)" + options
        let image = try DecodedGradient(query)
        let (rows, bytesPerPixel) = Self.peerRows(image)
        let peerBytes = try Self.zlibLevel9Count(Self.minimumSumStream(rows, bytesPerPixel: bytesPerPixel))
        // Signature, IHDR, one IDAT's frame and IEND: the bytes around the peer's compressed rows.
        let peerFile = peerBytes + 57
        #expect(image.png.count <= peerFile, "\(image.png.count) bytes against \(peerFile)")
    }
}
