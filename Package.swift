// swift-tools-version:6.0
// One package, every target of the monorepo. Dependencies point one way:
// Client → Shared ← Server. Only Tests see both sides.
import PackageDescription

let package = Package(
    name: "ExposureMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ExposureModels", targets: ["ExposureModels"]),
        .library(name: "HLS", targets: ["HLS"]),
        .library(name: "Exposure", targets: ["Exposure"]),
        .library(name: "MockPlatform", targets: ["MockPlatform"]),
        .executable(name: "exposure-mock", targets: ["ExposureMock"]),
        .executable(name: "exposure", targets: ["ExposureCLI"]),
    ],
    targets: [
        // Shared: pure code both sides use, no I/O.
        .target(name: "ExposureModels", path: "Shared/ExposureModels"),
        .target(name: "HLS", path: "Shared/HLS"),

        // Server: the mock Exposure platform.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Server/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"], path: "Server/HTTPServer"),
        .target(
            name: "MockPlatform",
            dependencies: ["ExposureModels", "HLS", "HTTPServer"],
            path: "Server/MockPlatform"
        ),
        .executableTarget(name: "ExposureMock", dependencies: ["MockPlatform"], path: "Server/ExposureMock"),

        // Client: the SDK.
        .target(name: "Exposure", dependencies: ["ExposureModels"], path: "Client/Exposure"),
        .executableTarget(name: "ExposureCLI", dependencies: ["Exposure", "HLS"], path: "Client/ExposureCLI"),

        // Benchmarks (scripts/bench-hls-parser).
        .executableTarget(name: "HLSBench", dependencies: ["HLS"], path: "scripts/HLSBench"),

        // Tests: one target per module, plus end-to-end against a real mock on port 0.
        .testTarget(name: "ExposureModelsTests", dependencies: ["ExposureModels"]),
        .testTarget(name: "HLSTests", dependencies: ["HLS"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "MockPlatformTests", dependencies: ["MockPlatform", "HLS"]),
        .testTarget(name: "ExposureTests", dependencies: ["Exposure"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Exposure", "MockPlatform", "HLS", "HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
