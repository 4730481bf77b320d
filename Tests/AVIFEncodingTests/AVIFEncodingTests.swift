import AVIFEncoding
import Foundation
import Testing

/// A smooth 16-bit ramp: red rises left to right, green falls, blue rises top to bottom; alpha (when present) falls
/// from opaque to clear left to right.
private func ramp(width: Int, height: Int, channels: Int) -> [UInt16] {
    var samples: [UInt16] = []
    samples.reserveCapacity(width * height * channels)
    for y in 0..<height {
        for x in 0..<width {
            let across = UInt16(x * 65535 / max(width - 1, 1))
            samples.append(across)
            samples.append(65535 - across)
            samples.append(UInt16(8000 + y * 40000 / max(height - 1, 1)))
            if channels == 4 { samples.append(65535 - across) }
        }
    }
    return samples
}

private func encode(
    _ samples: [UInt16], width: Int, height: Int, channels: Int, settings: AVIFSettings
) throws
    -> [UInt8]
{
    try samples.withUnsafeBufferPointer {
        try AVIFEncoder.encode(samples: $0, width: width, height: height, channels: channels, settings: settings)
    }
}

/// Mean and maximum absolute difference in 8-bit units between `decoded` (at `depth` bits) and the 16-bit `exact`.
private func error(
    decoded: [UInt16], depth: Int, exact: [UInt16], exactScale: Double = 65535
) -> (
    mean: Double, max: Double
) {
    let decodedScale = Double((1 << depth) - 1)
    var total = 0.0
    var largest = 0.0
    for (value, reference) in zip(decoded, exact) {
        let difference = abs(Double(value) / decodedScale - Double(reference) / exactScale) * 255
        total += difference
        largest = max(largest, difference)
    }
    return (total / Double(exact.count), largest)
}

/// The stated tolerance on smooth ramps (at most one full-scale sweep over 256 pixels), in 8-bit units: mean ≤ 1.0,
/// max ≤ 4 (plus rounding slack for the exact 4.0 an 8-bit round trip can reach).
private let meanTolerance = 1.0
private let maximumTolerance = 4.0 + 1e-9

/// The standard quality and speed with full-resolution chroma: these synthetic ramps sweep red against green in
/// 256 pixels, far steeper in chroma than real gradients, so they check the conversion and the encode at 4:4:4; the
/// standard 4:2:0 settings are checked on real gradients in GradientImageTests.
private func fullChroma(bitDepth: Int) -> AVIFSettings {
    var settings = AVIFSettings.standard(bitDepth: bitDepth)
    settings.chroma = .yuv444
    return settings
}

@Test(arguments: [10, 12])
func smoothRampsRoundTripWithinTolerance(bitDepth: Int) throws {
    for (width, height) in [(256, 32), (301, 67), (513, 20)] {
        let samples = ramp(width: width, height: height, channels: 3)
        let avif = try encode(
            samples, width: width, height: height, channels: 3, settings: fullChroma(bitDepth: bitDepth))
        let decoded = try AVIFDecoder.decode(avif)
        #expect(decoded.width == width && decoded.height == height && decoded.channels == 3)
        #expect(decoded.depth == bitDepth)
        let measured = error(decoded: decoded.samples, depth: bitDepth, exact: samples)
        #expect(measured.mean <= meanTolerance && measured.max <= maximumTolerance, "\(width)x\(height): \(measured)")
    }
}

/// Tiny frames hold steep ramps (a full 0…65535 sweep over a handful of pixels), not smooth ones: they keep their
/// size and stay within 8/255 of the exact values.
@Test func tinyAndOddSizesKeepTheirSizeAndColour() throws {
    for (width, height) in [(1, 1), (1, 2), (3, 1), (7, 5), (5, 7)] {
        let samples = ramp(width: width, height: height, channels: 3)
        let avif = try encode(samples, width: width, height: height, channels: 3, settings: fullChroma(bitDepth: 10))
        let decoded = try AVIFDecoder.decode(avif)
        #expect(decoded.width == width && decoded.height == height && decoded.channels == 3)
        let measured = error(decoded: decoded.samples, depth: 10, exact: samples)
        #expect(measured.max <= 8, "\(width)x\(height): \(measured)")
    }
}

@Test func eightBitSamplesPassThroughAsEightBitValues() throws {
    let samples = ramp(width: 200, height: 50, channels: 3).map { UInt16((Int($0) + 128) / 257) }
    let avif = try encode(samples, width: 200, height: 50, channels: 3, settings: fullChroma(bitDepth: 8))
    let decoded = try AVIFDecoder.decode(avif)
    #expect(decoded.depth == 8 && decoded.channels == 3)
    let measured = error(decoded: decoded.samples, depth: 8, exact: samples, exactScale: 255)
    #expect(measured.mean <= meanTolerance && measured.max <= maximumTolerance, "\(measured)")
}

@Test(arguments: [8, 10, 12])
func alphaGoesIntoAnAlphaPlane(bitDepth: Int) throws {
    let scale = bitDepth == 8 ? 257 : 1
    let samples = ramp(width: 256, height: 24, channels: 4).map { $0 / UInt16(scale) }
    let avif = try encode(samples, width: 256, height: 24, channels: 4, settings: fullChroma(bitDepth: bitDepth))
    let decoded = try AVIFDecoder.decode(avif)
    #expect(decoded.channels == 4 && decoded.depth == bitDepth)
    let alpha = stride(from: 3, to: samples.count, by: 4).map { samples[$0] }
    let decodedAlpha = stride(from: 3, to: decoded.samples.count, by: 4).map { decoded.samples[$0] }
    let measured = error(
        decoded: decodedAlpha, depth: bitDepth, exact: alpha, exactScale: bitDepth == 8 ? 255 : 65535)
    #expect(measured.mean <= meanTolerance && measured.max <= maximumTolerance, "\(measured)")
    let opaque = Double((1 << bitDepth) - 1)
    #expect(Double(decodedAlpha.first ?? 0) >= opaque * (1 - maximumTolerance / 255))
    #expect(Double(decodedAlpha.last ?? .max) <= opaque * maximumTolerance / 255)
}

@Test func fileDescribesItsColourWithCICP() throws {
    let avif = try encode(
        ramp(width: 16, height: 16, channels: 3), width: 16, height: 16, channels: 3,
        settings: .standard(bitDepth: 10))
    let colr = Array("colrnclx".utf8)
    let start = try #require(avif.indices.first { avif[$0...].starts(with: colr) }) + colr.count
    let primaries = Int(avif[start]) << 8 | Int(avif[start + 1])
    let transfer = Int(avif[start + 2]) << 8 | Int(avif[start + 3])
    let matrix = Int(avif[start + 4]) << 8 | Int(avif[start + 5])
    #expect(primaries == 1 && transfer == 13 && matrix == AVIFEncoder.matrixCoefficients)
    #expect(avif[start + 6] & 0x80 != 0, "full range flag")
}

@Test func invalidInputsThrowTypedErrors() {
    let samples = [UInt16](repeating: 0, count: 12)
    let settings = AVIFSettings.standard(bitDepth: 10)
    #expect(throws: AVIFEncodingError.invalidDimensions(width: 0, height: 4)) {
        try encode([], width: 0, height: 4, channels: 3, settings: settings)
    }
    #expect(throws: AVIFEncodingError.invalidDimensions(width: 16_385, height: 1)) {
        try encode(samples, width: 16_385, height: 1, channels: 3, settings: settings)
    }
    #expect(throws: AVIFEncodingError.invalidDimensions(width: 1 << 40, height: 1 << 40)) {
        try encode(samples, width: 1 << 40, height: 1 << 40, channels: 3, settings: settings)
    }
    #expect(throws: AVIFEncodingError.invalidChannels(1)) {
        try encode(samples, width: 3, height: 4, channels: 1, settings: settings)
    }
    #expect(throws: AVIFEncodingError.sampleCountMismatch(expected: 9, actual: 12)) {
        try encode(samples, width: 3, height: 1, channels: 3, settings: settings)
    }
    #expect(throws: AVIFEncodingError.invalidSettings(quality: 0, speed: 6, bitDepth: 10)) {
        try encode(
            samples, width: 2, height: 2, channels: 3, settings: AVIFSettings(quality: 0, speed: 6, bitDepth: 10))
    }
    #expect(throws: AVIFEncodingError.invalidSettings(quality: 80, speed: 6, bitDepth: 16)) {
        try encode(
            samples, width: 2, height: 2, channels: 3, settings: AVIFSettings(quality: 80, speed: 6, bitDepth: 16))
    }
    #expect(throws: AVIFEncodingError.self) { try AVIFDecoder.decode([0, 0, 0, 12]) }
}

@Test func qualityMapsToTheQuantizer() {
    #expect(AVIFSettings(quality: 100, speed: 6, bitDepth: 10).quantizer == 0)
    #expect(AVIFSettings(quality: 80, speed: 6, bitDepth: 10).quantizer == 13)
    #expect(AVIFSettings(quality: 50, speed: 6, bitDepth: 10).quantizer == 32)
    #expect(AVIFSettings(quality: 1, speed: 6, bitDepth: 10).quantizer == 62)
}

@Test func identityChangesWithEverySetting() {
    let base = AVIFSettings.standard(bitDepth: 10)
    var variants = [base]
    for change in 0..<5 {
        var variant = base
        switch change {
        case 0: variant.quality += 1
        case 1: variant.speed += 1
        case 2: variant.bitDepth = 12
        case 3: variant.chroma = .yuv444
        default: variant.codec = .rav1e
        }
        variants.append(variant)
    }
    #expect(Set(variants.map(\.identity)).count == variants.count)
}

@Test func libraryVersionIsTheInstalledLibavifAndEncoder() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--modversion", "libavif"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let installed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let codec = AVIFSettings.standard(bitDepth: 10).codec
    let codecVersion = AVIFEncoder.codecVersion(codec)
    #expect(codecVersion != "unavailable" && codecVersion.first?.isNumber == true)
    #expect(AVIFEncoder.libraryVersion == "libavif \(installed) \(codec.rawValue) \(codecVersion)")
}

@Test(arguments: [AVIFChroma.yuv420, .yuv444], [1, 7, 16, 33])
func bandsOfAnySizeGiveTheBytesOfOneWholeFrame(chroma: AVIFChroma, bandRows: Int) throws {
    let (width, height) = (61, 45)
    let samples = ramp(width: width, height: height, channels: 4)
    var settings = AVIFSettings.standard(bitDepth: 10)
    settings.chroma = chroma
    let whole = try encode(samples, width: width, height: height, channels: 4, settings: settings)
    let rows = chroma == .yuv420 && bandRows % 2 == 1 ? bandRows + 1 : bandRows
    let encoder = try AVIFFrameEncoder(width: width, height: height, channels: 4, settings: settings)
    try samples.withUnsafeBufferPointer { all in
        var y = 0
        while y < height {
            let count = min(rows, height - y)
            try encoder.write(
                rows: UnsafeBufferPointer(rebasing: all[(y * width * 4)..<((y + count) * width * 4)]), at: y)
            y += count
        }
    }
    #expect(try encoder.encode() == whole)
}

@Test func bandsOutOfOrderOrMissingRowsAreRefused() throws {
    let settings = AVIFSettings.standard(bitDepth: 10)
    let band = [UInt16](repeating: 30000, count: 8 * 2 * 3)
    let encoder = try AVIFFrameEncoder(width: 8, height: 6, channels: 3, settings: settings)
    try band.withUnsafeBufferPointer { rows in
        #expect(throws: AVIFEncodingError.self) { try encoder.write(rows: rows, at: 2) }
        try encoder.write(rows: rows, at: 0)
        #expect(throws: AVIFEncodingError.self) { try encoder.encode() }
        #expect(throws: AVIFEncodingError.self) {
            try encoder.write(rows: UnsafeBufferPointer(rebasing: rows[..<5]), at: 2)
        }
    }
}
