/// The Display P3 ICC profile images with `gamut=display-p3` carry (PNG `iCCP`, WebP `ICCP`), for readers that do not
/// read PNG's `cICP`: ICC.1:2022 (v4.3) display class, RGB data, XYZ connection space, matrix/TRC.
///
/// Tags: `desc` and `cprt` (`mluc`), `wtpt` (the D50 connection white, as v4 asks), `rXYZ`/`gXYZ`/`bXYZ` (the P3
/// primaries from CSS Color 4's matrix, Bradford-adapted from D65 to D50), one `para` curve (sRGB's, function type 3)
/// shared by `rTRC`/`gTRC`/`bTRC`, and `chad` (the Bradford D65 → D50 matrix, from which readers recover the D65
/// white). The profile ID is left zero ("not calculated", which ICC.1 allows) and the date is fixed, so the bytes
/// never change between builds.
public enum DisplayP3Profile {
    /// The profile's bytes.
    public static let bytes: [UInt8] = build()

    /// The description (`desc`).
    public static let description = "Display P3"

    private static func build() -> [UInt8] {
        let toD50 = Matrix3.d65ToD50
        func colorant(_ column: Int) -> SIMD3<Double> {
            var unit = SIMD3<Double>()
            unit[column] = 1
            return toD50(Matrix3.linearDisplayP3ToXYZ(unit))
        }
        let d50 = SIMD3(0.9642, 1.0, 0.8249)
        let adaptation = [toD50.row0, toD50.row1, toD50.row2].flatMap { [$0.x, $0.y, $0.z] }
        let tags: [(signature: String, data: [UInt8])] = [
            ("desc", multiLocalized(description)),
            ("cprt", multiLocalized("No copyright, use freely")),
            ("wtpt", xyz(d50)),
            ("rXYZ", xyz(colorant(0))),
            ("gXYZ", xyz(colorant(1))),
            ("bXYZ", xyz(colorant(2))),
            ("rTRC", sRGBCurve()),
            ("chad", fourCC("sf32") + [0, 0, 0, 0] + adaptation.flatMap(s15Fixed16)),
        ]
        let sharedCurve = ["gTRC", "bTRC"]
        let tableSize = 4 + 12 * (tags.count + sharedCurve.count)
        var offset = 128 + tableSize
        var table: [UInt8] = uint32(UInt32(tags.count + sharedCurve.count))
        var data: [UInt8] = []
        var curveEntry: [UInt8] = []
        for tag in tags {
            let entry = uint32(UInt32(offset)) + uint32(UInt32(tag.data.count))
            table += fourCC(tag.signature) + entry
            if tag.signature == "rTRC" { curveEntry = entry }
            let padded = tag.data + [UInt8](repeating: 0, count: (4 - tag.data.count % 4) % 4)
            data += padded
            offset += padded.count
        }
        for signature in sharedCurve { table += fourCC(signature) + curveEntry }
        let size = 128 + table.count + data.count
        var header: [UInt8] = uint32(UInt32(size)) + [0, 0, 0, 0] + [4, 0x30, 0, 0]
        header += fourCC("mntr") + fourCC("RGB ") + fourCC("XYZ ")
        header += [2026, 12, 6, 0, 0, 0].flatMap { uint16(UInt16($0)) }
        header += fourCC("acsp") + [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8)
        header += uint32(0)
        header += [d50.x, d50.y, d50.z].flatMap(s15Fixed16)
        header += [UInt8](repeating: 0, count: 4 + 16 + 28)
        return header + table + data
    }

    /// `mluc` with one record, en-US, in UTF-16BE.
    private static func multiLocalized(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { uint16($0) }
        return fourCC("mluc") + [0, 0, 0, 0] + uint32(1) + uint32(12) + Array("enUS".utf8) + uint32(UInt32(utf16.count))
            + uint32(28) + utf16
    }

    /// `para` function type 3, sRGB: Y = (aX + b)^g for X ≥ d, else cX.
    private static func sRGBCurve() -> [UInt8] {
        fourCC("para") + [0, 0, 0, 0] + uint16(3) + [0, 0]
            + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(s15Fixed16)
    }

    private static func xyz(_ value: SIMD3<Double>) -> [UInt8] {
        fourCC("XYZ ") + [0, 0, 0, 0] + [value.x, value.y, value.z].flatMap(s15Fixed16)
    }

    private static func s15Fixed16(_ value: Double) -> [UInt8] {
        uint32(UInt32(bitPattern: Int32((value * 65536).rounded())))
    }

    private static func fourCC(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static func uint32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func uint16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}
