import PNGEncoding
import Testing

@Suite("Typed errors")
struct ErrorTests {
    private func makeEncoder(_ format: PNGImageFormat) throws(PNGError) -> PNGEncoder {
        try PNGEncoder(format: format, options: streamed) { _ in }
    }

    @Test("a row of the wrong length is refused and the encoder becomes unusable", arguments: [0, 8, 10])
    func wrongRowLength(length: Int) throws {
        let encoder = try makeEncoder(PNGImageFormat(width: 3, height: 2))
        let row = [UInt8](repeating: 1, count: length)
        #expect(throws: PNGError.wrongRowLength(expected: 9, got: length)) {
            try row.withUnsafeBytes { try encoder.writeRow($0) }
        }
        #expect(throws: PNGError.encoderUnusable) { try encoder.finish() }
    }

    @Test("a row past the last one is refused")
    func tooManyRows() throws {
        let encoder = try makeEncoder(PNGImageFormat(width: 2, height: 1))
        let row = [UInt8](repeating: 7, count: 6)
        try row.withUnsafeBytes { try encoder.writeRow($0) }
        #expect(throws: PNGError.wrongRowCount(expected: 1, got: 2)) {
            try row.withUnsafeBytes { try encoder.writeRow($0) }
        }
    }

    @Test("finishing early is refused")
    func tooFewRows() throws {
        let encoder = try makeEncoder(PNGImageFormat(width: 2, height: 3))
        let row = [UInt8](repeating: 7, count: 6)
        try row.withUnsafeBytes { try encoder.writeRow($0) }
        #expect(throws: PNGError.wrongRowCount(expected: 3, got: 1)) { try encoder.finish() }
        #expect(throws: PNGError.encoderUnusable) { try encoder.finish() }
    }

    @Test("a finished encoder refuses more work")
    func afterFinish() throws {
        let encoder = try makeEncoder(PNGImageFormat(width: 1, height: 1))
        try [UInt8](repeating: 0, count: 3).withUnsafeBytes { try encoder.writeRow($0) }
        try encoder.finish()
        #expect(throws: PNGError.encoderUnusable) { try encoder.finish() }
    }

    @Test("bit depths other than 8 and 16 are refused", arguments: [0, 1, 4, 12, 32])
    func invalidBitDepth(bitDepth: Int) {
        #expect {
            _ = try makeEncoder(PNGImageFormat(width: 1, height: 1, bitDepth: bitDepth))
        } throws: { error in
            if case .invalidFormat = error as? PNGError { return true }
            return false
        }
    }

    @Test(
        "dimensions libpng rejects come back as libpng errors",
        arguments: [(0, 1), (1, 0), (1 << 31, 1), (1, 1 << 31), (Int(UInt32.max), 1)])
    func libpngRejects(width: Int, height: Int) {
        #expect {
            _ = try makeEncoder(PNGImageFormat(width: width, height: height))
        } throws: { error in
            guard case .libpng(let message) = error as? PNGError else { return false }
            return !message.isEmpty
        }
    }

    @Test("dimensions beyond 32 bits are refused before libpng", arguments: [(-1, 1), (1, -5), (1 << 33, 1)])
    func invalidDimensions(width: Int, height: Int) {
        #expect {
            _ = try makeEncoder(PNGImageFormat(width: width, height: height))
        } throws: { error in
            if case .invalidFormat = error as? PNGError { return true }
            return false
        }
    }

    @Test("a sink that throws at once fails a streamed image's creation")
    func sinkFailsAtHeader() {
        #expect {
            _ = try PNGEncoder(format: PNGImageFormat(width: 4, height: 4), options: streamed) { _ in
                throw SinkFailure()
            }
        } throws: { error in
            if case .sinkFailed = error as? PNGError { return true }
            return false
        }
    }

    @Test("a sink that throws later fails the row or finish that fed it", arguments: [1, 2, 3])
    func sinkFailsLater(failingCall: Int) throws {
        let format = PNGImageFormat(width: 300, height: 200)
        var calls = 0
        let encoder = try PNGEncoder(format: format, options: streamed) { _ in
            calls += 1
            if calls > failingCall { throw SinkFailure() }
        }
        var failure: PNGError?
        do {
            for row in RowPattern.random.rows(format) {
                try row.withUnsafeBytes { try encoder.writeRow($0) }
            }
            try encoder.finish()
        } catch let error as PNGError {
            failure = error
        }
        #expect(failure == .sinkFailed(message: String(describing: SinkFailure())))
        #expect(throws: PNGError.encoderUnusable) { try encoder.finish() }
    }

    @Test(
        "the decoder refuses garbage with a libpng error",
        arguments: [[], [1, 2, 3], Array("not a png at all, just text".utf8), [137, 80, 78, 71, 13, 10, 26, 10]])
    func garbage(bytes: [UInt8]) {
        #expect {
            _ = try PNGDecoder.decode(bytes)
        } throws: { error in
            if case .libpng = error as? PNGError { return true }
            return false
        }
    }

    @Test("the decoder refuses truncated and corrupted files")
    func damaged() throws {
        let format = PNGImageFormat(width: 20, height: 20)
        let png = try encodePNG(format, rows: RowPattern.mixed.rows(format))
        var corrupted = png
        corrupted[png.count - 20] ^= 0x55
        for bytes in [Array(png.prefix(png.count / 2)), Array(png.dropLast(12)), corrupted] {
            #expect {
                _ = try PNGDecoder.decode(bytes)
            } throws: { error in
                if case .libpng = error as? PNGError { return true }
                return false
            }
        }
    }
}
