/// A validated `/gradient` request: the gradient, and how the image is to be written.
///
/// The format may still be open (`format=auto`); ``spec(for:)`` gives the spec each format renders, because AVIF
/// is drawn from the undithered ramp unless `dither` is given.
public struct ImageRequest: Sendable, Hashable {
    /// The gradient as asked, `dither` defaulting to on: the spec of the PNG and WebP renderings.
    public var spec: GradientSpec
    /// The format asked for.
    public var formatChoice: FormatChoice
    /// AVIF's `quality`, 1–100, when given; nil for the measured default.
    public var quality: Int?
    /// WebP's `compression`: ``WebPCompression/fast`` unless `compression=smallest` was given.
    public var compression: WebPCompression
    /// Whether `dither` was given; without it, AVIF is rendered undithered.
    public var isDitherExplicit: Bool
    /// Whether the image fits the whole-frame formats' pixel limit.
    public var fitsWholeFrame: Bool
    /// The device pixel ratio (`scale`): device pixels per CSS pixel, for writing lengths back in CSS pixels.
    public var scale: Double

    /// Creates a request from already-validated parts.
    public init(
        spec: GradientSpec, formatChoice: FormatChoice = .fixed(.png), quality: Int? = nil,
        compression: WebPCompression = .fast, isDitherExplicit: Bool = false, fitsWholeFrame: Bool = true,
        scale: Double = 1
    ) {
        self.spec = spec
        self.formatChoice = formatChoice
        self.quality = quality
        self.compression = compression
        self.isDitherExplicit = isDitherExplicit
        self.fitsWholeFrame = fitsWholeFrame
        self.scale = scale
    }

    /// Parses and validates the parameters of a `/gradient` request (already percent-decoded, in order), as
    /// ``GradientSpec/init(queryItems:limits:)`` and also `format`, `quality` and `compression`.
    ///
    /// Refused with a ``SpecError``: a format other than `png`, `webp`, `avif`, `svg`, `auto`; `depth`, `dither` or
    /// `gamut=display-p3` with `format=svg`; `quality` outside 1–100 or
    /// with a format that cannot be AVIF; `compression` other than `fast` or `smallest`, or with a format that
    /// cannot be WebP; `format=webp` with `depth=16`; `format=webp|avif` past
    /// ``SpecLimits/maxFramePixels``. With `format=auto`, the formats that cannot hold the image drop out of the
    /// negotiation instead.
    public init(queryItems: [(name: String, value: String)], limits: SpecLimits = .standard) throws(SpecError) {
        let parameters = try QueryParameters(queryItems)
        let choice = try parameters.keyword(
            "format",
            [
                "png": FormatChoice.fixed(.png), "webp": .fixed(.webp), "avif": .fixed(.avif), "svg": .fixed(.svg),
                "auto": .auto,
            ],
            default: .fixed(.png))
        var quality: Int?
        if let text = parameters["quality"] {
            guard let value = NumberSyntax.integer(text), (1...100).contains(value) else {
                throw .invalidValue(parameter: "quality", token: String(text), expected: "an integer from 1 to 100")
            }
            guard choice == .fixed(.avif) || choice == .auto else {
                throw .conflictingParameters(
                    parameter: "quality", other: "format",
                    reason: "quality applies to AVIF only: add format=avif (or format=auto)")
            }
            quality = value
        }
        let compression = try parameters.keyword(
            "compression", Dictionary(uniqueKeysWithValues: WebPCompression.allCases.map { ($0.rawValue, $0) }),
            default: .fast)
        if parameters.has("compression") && choice != .fixed(.webp) && choice != .auto {
            throw .conflictingParameters(
                parameter: "compression", other: "format",
                reason: "compression applies to WebP only: add format=webp (or format=auto)")
        }
        if choice == .fixed(.svg) {
            for name in ["depth", "dither"] where parameters.has(name) {
                throw .conflictingParameters(
                    parameter: name, other: "format=svg",
                    reason: "\(name) does not apply to SVG, which the browser draws as vector: leave out \(name), "
                        + "or ask for format=png, format=webp or format=avif")
            }
        }
        let spec = try GradientSpec(parameters: parameters, limits: limits)
        if choice == .fixed(.svg) && spec.gamut == .displayP3 {
            throw .conflictingParameters(
                parameter: "gamut", other: "format=svg",
                reason: "SVG 1.1 has no Display P3 colours: ask for format=png, format=webp or format=avif, "
                    + "or leave out gamut")
        }
        let area = spec.pixelWidth * spec.pixelHeight
        if case .fixed(let format) = choice {
            if format == .webp && spec.depth == .sixteen {
                throw .conflictingParameters(
                    parameter: "depth", other: "format=webp",
                    reason: "WebP holds 8-bit pixels: use format=png or format=avif for depth=16")
            }
            if format.encodesWholeFrame && area > limits.maxFramePixels {
                throw .frameTooLarge(
                    format: format, pixelWidth: spec.pixelWidth, pixelHeight: spec.pixelHeight,
                    limit: limits.maxFramePixels)
            }
        }
        self.init(
            spec: spec, formatChoice: choice, quality: quality, compression: compression,
            isDitherExplicit: parameters.has("dither"),
            fitsWholeFrame: area <= limits.maxFramePixels,
            scale: try ImageSize(parameters: parameters, limits: limits).scale)
    }

    /// The formats this request may be written in, most preferred first: the one named, or for `format=auto`
    /// AVIF, WebP and PNG, less those that cannot hold the image (WebP at 16 bits, both past the frame limit).
    public var candidateFormats: [ImageFormat] {
        switch formatChoice {
        case .fixed(let format): return [format]
        case .auto:
            var formats: [ImageFormat] = []
            if fitsWholeFrame {
                formats.append(.avif)
                if spec.depth == .eight { formats.append(.webp) }
            }
            formats.append(.png)
            return formats
        }
    }

    /// The spec rendered for `format`: AVIF is undithered unless `dither` was given (it has the bits to hold the
    /// ramp without banding); PNG and WebP render ``spec``.
    public func spec(for format: ImageFormat) -> GradientSpec {
        guard format == .avif, !isDitherExplicit else { return spec }
        var undithered = spec
        undithered.dither = false
        return undithered
    }
}
