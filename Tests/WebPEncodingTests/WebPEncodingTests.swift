import Foundation
import Testing
import WebPEncoding

/// Deterministic test frames: a ramp with a pseudo-random pattern mixed in, so libwebp's predictors get real work.
private func frame(width: Int, height: Int, channels: Int, seed: UInt32) -> [UInt8] {
    var state = seed | 1
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * channels)
    for y in 0..<height {
        for x in 0..<width {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let noise = UInt8(truncatingIfNeeded: state)
            pixels.append(UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1)) ^ (noise & 3))
            pixels.append(UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1)))
            pixels.append(noise)
            if channels == 4 {
                // Every fourth pixel fully transparent (colour kept), the rest a mix of opaque and translucent.
                pixels.append((x + y) % 4 == 0 ? 0 : (noise >> 1 & 1 == 0 ? 255 : noise))
            }
        }
    }
    return pixels
}

/// `pixels` as RGBA, with alpha 255 added to RGB.
private func rgba(_ pixels: [UInt8], channels: Int) -> [UInt8] {
    guard channels == 3 else { return pixels }
    var result: [UInt8] = []
    result.reserveCapacity(pixels.count / 3 * 4)
    for index in stride(from: 0, to: pixels.count, by: 3) {
        result.append(contentsOf: pixels[index..<index + 3])
        result.append(255)
    }
    return result
}

private func encode(
    _ pixels: [UInt8], width: Int, height: Int, channels: Int, settings: WebPSettings = .smallest
)
    throws -> [UInt8]
{
    try pixels.withUnsafeBytes { buffer in
        try WebPEncoder.encode(pixels: buffer, width: width, height: height, channels: channels, settings: settings)
    }
}

private let sizes = [(1, 1), (2, 3), (3, 2), (7, 5), (17, 1), (1, 33), (64, 64), (129, 31), (255, 17)]

@Test(arguments: [3, 4])
func losslessRoundTripIsBitExact(channels: Int) throws {
    for (width, height) in sizes {
        let pixels = frame(width: width, height: height, channels: channels, seed: UInt32(width * 131 + height))
        let webp = try encode(pixels, width: width, height: height, channels: channels)
        #expect(webp.starts(with: Array("RIFF".utf8)) && Array(webp[8..<12]) == Array("WEBP".utf8))
        let decoded = try WebPDecoder.decode(webp)
        #expect(decoded.width == width && decoded.height == height, "\(width)x\(height)")
        #expect(decoded.rgba == rgba(pixels, channels: channels), "\(width)x\(height)x\(channels)")
    }
}

@Test func transparentPixelsKeepTheirColour() throws {
    let pixels: [UInt8] = [255, 0, 0, 0, 12, 34, 56, 0, 0, 0, 255, 128, 200, 100, 50, 255]
    let decoded = try WebPDecoder.decode(try encode(pixels, width: 2, height: 2, channels: 4))
    #expect(decoded.rgba == pixels)
}

@Test(arguments: [
    WebPSettings(method: 0, effort: 0), WebPSettings(method: 4, effort: 80), .smallest, .fast(pixelCount: 0),
])
func everySettingIsLossless(settings: WebPSettings) throws {
    let pixels = frame(width: 100, height: 40, channels: 4, seed: 7)
    let decoded = try WebPDecoder.decode(try encode(pixels, width: 100, height: 40, channels: 4, settings: settings))
    #expect(decoded.rgba == pixels)
}

@Test func invalidInputsThrowTypedErrors() {
    let pixels = [UInt8](repeating: 0, count: 12)
    #expect(throws: WebPEncodingError.invalidDimensions(width: 0, height: 4)) {
        try encode([], width: 0, height: 4, channels: 3)
    }
    #expect(throws: WebPEncodingError.invalidDimensions(width: 16_384, height: 1)) {
        try encode(pixels, width: 16_384, height: 1, channels: 3)
    }
    #expect(throws: WebPEncodingError.invalidDimensions(width: 1 << 40, height: 1 << 40)) {
        try encode(pixels, width: 1 << 40, height: 1 << 40, channels: 3)
    }
    #expect(throws: WebPEncodingError.invalidChannels(2)) { try encode(pixels, width: 2, height: 3, channels: 2) }
    #expect(throws: WebPEncodingError.pixelCountMismatch(expected: 9, actual: 12)) {
        try encode(pixels, width: 3, height: 1, channels: 3)
    }
    #expect(throws: WebPEncodingError.invalidSettings(method: 7, effort: 100)) {
        try encode(pixels, width: 2, height: 2, channels: 3, settings: WebPSettings(method: 7, effort: 100))
    }
    #expect(throws: WebPEncodingError.decodeFailed) { try WebPDecoder.decode([1, 2, 3]) }
    #expect(WebPEncodingError.badDimension.message.contains("VP8_ENC_ERROR_BAD_DIMENSION"))
}

@Test func libraryVersionIsTheInstalledLibwebp() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--modversion", "libwebp"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let installed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(!WebPEncoder.libraryVersion.isEmpty)
    #expect(WebPEncoder.libraryVersion == installed.trimmingCharacters(in: .whitespacesAndNewlines))
}

@Test func identityNamesEverySetting() {
    #expect(WebPSettings(method: 6, effort: 100).identity == "lossless m6 q100 exact")
    #expect(WebPSettings(method: 4, effort: 80).identity != WebPSettings(method: 4, effort: 81).identity)
}

@Test func alternativesKeepTheSmallestFile() throws {
    let pixels = frame(width: 90, height: 40, channels: 3, seed: 7)
    let plain = (0..<(90 * 40)).flatMap { index -> [UInt8] in [UInt8(index % 90 * 2), 40, 200] }
    for input in [pixels, plain] {
        let m6 = try encode(input, width: 90, height: 40, channels: 3, settings: WebPSettings(method: 6, effort: 100))
        let m2 = try encode(input, width: 90, height: 40, channels: 3, settings: WebPSettings(method: 2, effort: 100))
        let m1 = try encode(input, width: 90, height: 40, channels: 3, settings: WebPSettings(method: 1, effort: 100))
        let both = try encode(input, width: 90, height: 40, channels: 3, settings: .smallest)
        #expect(both == [m6, m2, m1].min { $0.count < $1.count })
    }
    #expect(WebPSettings.smallest.identity == "lossless m6 q100 or m2 q100 or m1 q100 exact")
}

@Test func cappingEffortLowersEveryAttemptAndKeepsEachOnce() {
    #expect(WebPSettings.smallest.cappingEffort(at: 50).identity == "lossless m6 q50 or m2 q50 or m1 q50 exact")
    let repeated = WebPSettings(
        method: 1, effort: 100, alternatives: [WebPAttempt(method: 1, effort: 70), WebPAttempt(method: 2, effort: 20)])
    #expect(repeated.cappingEffort(at: 60).identity == "lossless m1 q60 or m2 q20 exact")
    #expect(WebPSettings.fast(pixelCount: 1170 * 2532).cappingEffort(at: 100) == .fast(pixelCount: 1170 * 2532))
}

@Test func fastSettingsTryMethodOneOnSmallFramesAndOnPaletteFramesPastACard() {
    let limit = WebPSettings.fastAlternativePixelLimit
    let small = "lossless m0 q100 or m1 q100 exact"
    let large = "lossless m0 q100 or m1 q100 at most 256 colours exact"
    #expect(WebPSettings.fast(pixelCount: 600 * 200).identity == small)
    #expect(WebPSettings.fast(pixelCount: limit).identity == small)
    #expect(WebPSettings.fast(pixelCount: limit + 1).identity == "lossless m0 q100 exact")
    #expect(WebPSettings.fast(pixelCount: 1200 * 630).identity == "lossless m0 q100 exact")
    let paletteMinimum = WebPSettings.fastPaletteAlternativePixelMinimum
    #expect(WebPSettings.fast(pixelCount: paletteMinimum - 1).identity == "lossless m0 q100 exact")
    #expect(WebPSettings.fast(pixelCount: paletteMinimum).identity == large)
    #expect(WebPSettings.fast(pixelCount: 1170 * 2532).identity == large)
}

/// A frame of `width` × `height` RGB pixels whose colour is `colors(x, y)` (a colour index spread over the channels).
private func indexedFrame(width: Int, height: Int, colors: (Int, Int) -> Int) -> [UInt8] {
    (0..<(width * height)).flatMap { index -> [UInt8] in
        let color = colors(index % width, index / width)
        return [UInt8(color & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(truncatingIfNeeded: color &* 37)]
    }
}

@Test(arguments: [1, 2, 255, 256, 257, 4000])
func paletteCountStopsPastTwoHundredFiftySixColours(colorCount: Int) {
    let pixels = indexedFrame(width: 97, height: 53) { x, y in (x * 7 + y * 97) % colorCount }
    let fits = pixels.withUnsafeBytes { WebPColorCount.fitsPalette(pixels: $0, pixelCount: 97 * 53, channels: 3) }
    #expect(fits == (colorCount <= 256))
}

@Test func paletteCountTellsColoursApartByAlpha() {
    // 200 colours, each at two alpha values: 400 distinct RGBA colours, 200 distinct RGB triples.
    let pixels = (0..<400).flatMap { index -> [UInt8] in [UInt8(index % 200), 9, 9, index < 200 ? 255 : 128] }
    let fits = pixels.withUnsafeBytes { WebPColorCount.fitsPalette(pixels: $0, pixelCount: 400, channels: 4) }
    #expect(!fits)
    let opaque = pixels.withUnsafeBytes { WebPColorCount.fitsPalette(pixels: $0, pixelCount: 200, channels: 4) }
    #expect(opaque)
}

@Test func paletteAlternativesApplyOnlyToFramesThatFitAPalette() throws {
    let (width, height) = (1024, 1024)
    let settings = WebPSettings.fast(pixelCount: width * height)
    let paletted = indexedFrame(width: width, height: height) { x, y in (x / 3 + (x ^ y) % 8) % 160 }
    let ramp = frame(width: width, height: height, channels: 3, seed: 11)
    let methodZero = WebPSettings(method: 0, effort: 100)
    let methodOne = WebPSettings(method: 1, effort: 100)
    let palettedFast = try encode(paletted, width: width, height: height, channels: 3, settings: settings)
    let palettedZero = try encode(paletted, width: width, height: height, channels: 3, settings: methodZero)
    let palettedOne = try encode(paletted, width: width, height: height, channels: 3, settings: methodOne)
    #expect(palettedFast == [palettedZero, palettedOne].min { $0.count < $1.count })
    let rampFast = try encode(ramp, width: width, height: height, channels: 3, settings: settings)
    #expect(rampFast == (try encode(ramp, width: width, height: height, channels: 3, settings: methodZero)))
}
