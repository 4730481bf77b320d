/// An RGB colour space as Skia holds one (`SkColorSpace`): a transfer function (nil when linear) and the matrix to
/// XYZ D50. Chromium interpolates every gradient in one of these (`intermediate_color_space`), converts the stops
/// into it and each pixel out of it with the steps ``SkiaColorSteps`` takes.
struct SkiaColorSpace {
    /// Which space this is: Skia compares gamuts and curves by hash, so equal names mean equal values here.
    enum Name: Equatable {
        case sRGB, linearSRGB, xyzD50, displayP3, a98RGB, proPhotoRGB, rec2020
    }

    let name: Name
    /// The curve from encoded to linear values, or nil when the space is linear.
    let transfer: SkiaTransferFunction?
    let toXYZD50: FloatMatrix

    /// skcms's sRGB gamut (`SkNamedGamut::kSRGB`, 16.16 fixed point).
    static let sRGBGamut = FloatMatrix(
        rows: [0x6FA2, 0x6299, 0x24A0], [0x38F5, 0xB785, 0x0F84], [0x0390, 0x18DA, 0xB6CF], scale: 1.0 / 65536)

    static let sRGB = SkiaColorSpace(name: .sRGB, transfer: .sRGB, toXYZD50: sRGBGamut)
    static let linearSRGB = SkiaColorSpace(name: .linearSRGB, transfer: nil, toXYZD50: sRGBGamut)
    static let xyzD50 = SkiaColorSpace(
        name: .xyzD50, transfer: nil, toXYZD50: FloatMatrix.diagonal(SIMD3<Float>(repeating: 1)))
    static let displayP3 = SkiaColorSpace(
        name: .displayP3, transfer: .sRGB,
        toXYZD50: FloatMatrix(
            rows: [0.515102, 0.291965, 0.157153], [0.241182, 0.692236, 0.0665819],
            [-0.00104941, 0.0418818, 0.784378], scale: 1))
    static let a98RGB = SkiaColorSpace(
        name: .a98RGB, transfer: .gamma(2.2),
        toXYZD50: FloatMatrix(
            rows: [0x9C18, 0x348D, 0x2631], [0x4FA5, 0xA02C, 0x102F], [0x04FC, 0x0F95, 0xBE9C], scale: 1.0 / 65536))
    static let proPhotoRGB = SkiaColorSpace(
        name: .proPhotoRGB, transfer: .gamma(1.8),
        toXYZD50: FloatMatrix.primariesToXYZD50(
            red: (0.7347, 0.2653), green: (0.1596, 0.8404), blue: (0.0366, 0.0001), white: (0.34567, 0.35850)))
    static let rec2020 = SkiaColorSpace(
        name: .rec2020,
        transfer: .rec2020,
        toXYZD50: FloatMatrix(
            rows: [0.673459, 0.165661, 0.125100], [0.279033, 0.675338, 0.0456288],
            [-0.00193139, 0.0299794, 0.797162], scale: 1))

    /// The space Chromium's Skia interpolates `space` in, or converts it through (`intermediate_color_space`): lab
    /// and lch start from XYZ D50, oklab and oklch from linear sRGB, hsl and hwb from sRGB; XYZ is drawn in linear
    /// sRGB (``ColorRamp``).
    static func intermediate(for space: ColorSpace) -> SkiaColorSpace {
        switch space {
        case .srgb, .hsl, .hwb: .sRGB
        case .srgbLinear, .oklab, .oklch, .xyzD50, .xyzD65: .linearSRGB
        case .lab, .lch: .xyzD50
        case .displayP3: .displayP3
        case .a98RGB: .a98RGB
        case .prophotoRGB: .proPhotoRGB
        case .rec2020: .rec2020
        }
    }

    /// The space of the image: sRGB, or Display P3.
    static func destination(for gamut: OutputGamut) -> SkiaColorSpace {
        gamut == .displayP3 ? .displayP3 : .sRGB
    }
}

/// The conversion `SkColorSpaceXformSteps` makes between two ``SkiaColorSpace``s of unpremultiplied colours, in
/// the raster pipeline's stages: linearize (`parametric` or `gamma_`), `matrix_3x3` (fused multiply-adds), encode
/// with the destination's inverted curve. A step with the same curve on both sides and no matrix between is skipped.
struct SkiaColorSteps {
    let linearize: SkiaTransferFunction?
    /// The source-to-destination gamut matrix (`gamutTransformTo`), or nil for the same gamut.
    let matrix: FloatMatrix?
    let encode: SkiaTransferFunction?

    init(from source: SkiaColorSpace, to destination: SkiaColorSpace) {
        let matrix =
            source.toXYZD50.rows != destination.toXYZD50.rows
            ? destination.toXYZD50.inverse.concat(source.toXYZD50) : nil
        self.matrix = matrix
        if matrix == nil, source.name == destination.name {
            linearize = nil
            encode = nil
        } else {
            linearize = source.transfer
            encode = destination.transfer?.inverted
        }
    }

    /// Whether the steps change nothing.
    var isIdentity: Bool { linearize == nil && matrix == nil && encode == nil }

    /// Applies the steps to each lane's red, green and blue.
    @inline(__always)
    func apply(_ red: inout SIMD8<Float>, _ green: inout SIMD8<Float>, _ blue: inout SIMD8<Float>) {
        if let linearize {
            red = linearize.apply(red)
            green = linearize.apply(green)
            blue = linearize.apply(blue)
        }
        if let m = matrix?.rows {
            let (r, g, b) = (red, green, blue)
            @inline(__always)
            func row(_ row: SIMD3<Float>) -> SIMD8<Float> {
                r.multiplied(
                    by: SIMD8(repeating: row.x), adding: g.multiplied(by: SIMD8(repeating: row.y), adding: b * row.z))
            }
            red = row(m.0)
            green = row(m.1)
            blue = row(m.2)
        }
        if let encode {
            red = encode.apply(red)
            green = encode.apply(green)
            blue = encode.apply(blue)
        }
    }
}

extension FloatMatrix {
    /// `skcms_PrimariesToXYZD50`: the matrix of the chromaticities `red`, `green`, `blue` scaled so that they add
    /// up to `white`, then adapted to D50, in floats.
    static func primariesToXYZD50(
        red: (Float, Float), green: (Float, Float), blue: (Float, Float), white: (Float, Float)
    ) -> FloatMatrix {
        let primaries = FloatMatrix(
            rows: SIMD3(red.0, green.0, blue.0), SIMD3(red.1, green.1, blue.1),
            SIMD3(1 - red.0 - red.1, 1 - green.0 - green.1, 1 - blue.0 - blue.1))
        let whiteXYZ = SIMD3<Float>(white.0 / white.1, 1, (1 - white.0 - white.1) / white.1)
        let scales = primaries.inverse.apply(whiteXYZ)
        return adaptToXYZD50(white: white).concat(primaries.concat(FloatMatrix.diagonal(scales)))
    }

    /// `skcms_AdaptToXYZD50`: Bradford adaptation from the white point `white` (x, y) to D50, in floats.
    static func adaptToXYZD50(white: (Float, Float)) -> FloatMatrix {
        let whiteXYZ = SIMD3<Float>(white.0 / white.1, 1, (1 - white.0 - white.1) / white.1)
        let d50 = SIMD3<Float>(0.96422, 1, 0.82521)
        let xyzToLMS = FloatMatrix(
            rows: [0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296], scale: 1)
        let lmsToXYZ = FloatMatrix(
            rows: [0.986_992_9, -0.147_054_3, 0.159_962_7], [0.432_305_3, 0.518_360_3, 0.049_291_2],
            [-0.008_528_7, 0.040_042_8, 0.968_486_7], scale: 1)
        let ratio = xyzToLMS.apply(d50) / xyzToLMS.apply(whiteXYZ)
        return lmsToXYZ.concat(FloatMatrix.diagonal(ratio).concat(xyzToLMS))
    }
}
