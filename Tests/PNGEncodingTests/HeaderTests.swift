import PNGEncoding
import Testing

@Suite("IHDR contents")
struct HeaderTests {
    @Test(
        "colour type and bit depth in the file are as requested",
        arguments: [(PNGColorType.rgb, 8, 2), (.rgba, 8, 6), (.rgb, 16, 2), (.rgba, 16, 6)])
    func header(colorType: PNGColorType, bitDepth: Int, code: UInt8) throws {
        let format = PNGImageFormat(width: 5, height: 4, colorType: colorType, bitDepth: bitDepth)
        let png = try encodePNG(format, rows: RowPattern.random.rows(format))
        #expect(png[24] == UInt8(bitDepth))
        #expect(png[25] == code)
        #expect(Array(png[16..<24]) == [0, 0, 0, 5, 0, 0, 0, 4])
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.colorTypeCode == Int(code))
        #expect(decoded.bitDepth == bitDepth)
    }

    @Test("bytes per pixel and per row follow colour type and bit depth")
    func layout() {
        #expect(PNGImageFormat(width: 10, height: 1).bytesPerRow == 30)
        #expect(PNGImageFormat(width: 10, height: 1, colorType: .rgba).bytesPerPixel == 4)
        #expect(PNGImageFormat(width: 10, height: 1, colorType: .rgb, bitDepth: 16).bytesPerPixel == 6)
        #expect(PNGImageFormat(width: 10, height: 1, colorType: .rgba, bitDepth: 16).bytesPerRow == 80)
    }
}
