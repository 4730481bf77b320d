// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gradientd",
    products: [
        .executable(name: "gradient", targets: ["gradient"]),
        .executable(name: "gradient-bench", targets: ["gradient-bench"]),
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
        .systemLibrary(name: "CEpoll"),
        .target(name: "CPNG", dependencies: ["CLibPNG", "CZlib"]),
        .target(name: "GradientCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "PNGEncoding", dependencies: ["CPNG", "CZlib"]),
        .target(name: "GradientPNG", dependencies: ["GradientCore", "PNGEncoding"]),
        .target(name: "HTTPCore", dependencies: ["CEpoll"]),
        .executableTarget(name: "gradient", dependencies: ["GradientCore", "GradientPNG"]),
        .executableTarget(name: "gradient-bench", dependencies: ["GradientCore", "GradientPNG", "PNGEncoding"]),
        .testTarget(name: "GradientCoreTests", dependencies: ["GradientCore"]),
        .testTarget(name: "PNGEncodingTests", dependencies: ["PNGEncoding"]),
        .testTarget(name: "GradientPNGTests", dependencies: ["GradientPNG", "GradientCore", "PNGEncoding"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"]),
        .testTarget(
            name: "GradientCLITests", dependencies: ["gradient", "GradientCore", "GradientPNG", "PNGEncoding"]),
    ]
)
