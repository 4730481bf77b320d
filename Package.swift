// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gradientd",
    products: [
        .executable(name: "gradient", targets: ["gradient"]),
        .executable(name: "gradient-bench", targets: ["gradient-bench"]),
        .executable(name: "gradientd", targets: ["gradientd"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CLibWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(
            name: "CLibAVIF",
            pkgConfig: "libavif",
            providers: [.apt(["libavif-dev"])]
        ),
        .systemLibrary(name: "CEpoll"),
        .target(name: "CPNG", dependencies: ["CLibPNG", "CZlib"]),
        .target(name: "CWebP", dependencies: ["CLibWebP"]),
        .target(name: "CAVIF", dependencies: ["CLibAVIF"]),
        .target(name: "Locking"),
        .target(name: "GradientCore", linkerSettings: [.linkedLibrary("m")]),
        // The encoder's per-row state lives in final classes; release builds drop the runtime exclusivity checks on
        // their stored properties (a measurable share of the encode time: `git show c279d43:bench/README.md`).
        // Debug builds, and so every test run, sanitizer runs included, keep them.
        .target(
            name: "PNGEncoding", dependencies: ["CPNG", "CZlib"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        .target(name: "WebPEncoding", dependencies: ["CWebP"]),
        .target(name: "AVIFEncoding", dependencies: ["CAVIF"]),
        .target(
            name: "GradientImage",
            dependencies: [
                "GradientCore", "PNGEncoding", "WebPEncoding", "AVIFEncoding", "Locking",
            ]),
        .target(name: "HTTPCore", dependencies: ["CEpoll", "Locking"]),
        .target(
            name: "GradientService", dependencies: ["HTTPCore", "GradientCore", "GradientImage", "Locking"],
            resources: [.embedInCode("openapi.yaml"), .embedInCode("Playground/playground.html")]),
        .executableTarget(name: "gradientd", dependencies: ["GradientService", "GradientCore", "HTTPCore", "Locking"]),
        .executableTarget(name: "gradient", dependencies: ["GradientCore", "GradientImage"]),
        .executableTarget(
            name: "gradient-bench",
            dependencies: [
                "GradientCore", "GradientImage", "PNGEncoding", "WebPEncoding", "AVIFEncoding",
            ]),
        .testTarget(name: "GradientCoreTests", dependencies: ["GradientCore", "SeededRandom"]),
        .testTarget(name: "PNGEncodingTests", dependencies: ["PNGEncoding", "SeededRandom"]),
        .testTarget(name: "WebPEncodingTests", dependencies: ["WebPEncoding"]),
        .testTarget(name: "AVIFEncodingTests", dependencies: ["AVIFEncoding"]),
        .testTarget(
            name: "GradientImageTests",
            dependencies: ["GradientImage", "GradientCore", "PNGEncoding", "WebPEncoding", "AVIFEncoding", "CZlib"],
            exclude: ["output-manifest.tsv"]),
        // Test support: the recording responder and the loopback client; only test targets depend on it.
        .target(name: "HTTPTestSupport", dependencies: ["HTTPCore", "Locking"], path: "Tests/Support/HTTPTestSupport"),
        // Test support: a seeded random generator, so that random test inputs reproduce from their seed.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "HTTPTestSupport", "Locking"]),
        .testTarget(
            name: "GradientServiceTests",
            dependencies: [
                "GradientService", "HTTPCore", "GradientCore", "GradientImage", "PNGEncoding", "WebPEncoding",
                "gradientd", "HTTPTestSupport", "Locking",
            ]),
        .testTarget(name: "LeakCanaryTests"),
        .testTarget(
            name: "GradientCLITests",
            dependencies: ["gradient", "GradientCore", "GradientImage", "PNGEncoding", "WebPEncoding", "AVIFEncoding"]),
    ]
)
