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
        .library(name: "Clocks", targets: ["Clocks"]),
        .library(name: "Exposure", targets: ["Exposure"]),
        .library(name: "ExposureAnalytics", targets: ["ExposureAnalytics"]),
        .library(name: "ExposurePlayback", targets: ["ExposurePlayback"]),
        .library(name: "ExposureDownload", targets: ["ExposureDownload"]),
        .library(name: "MockPlatform", targets: ["MockPlatform"]),
        .library(name: "MockPlatformTesting", targets: ["MockPlatformTesting"]),
        .executable(name: "exposure-mock", targets: ["ExposureMock"]),
        .executable(name: "exposure", targets: ["ExposureCLI"])
    ],
    targets: [
        // Shared: code both sides use: wire models and HLS (pure, no I/O), and the SQLite adapter.
        .target(name: "ExposureModels", dependencies: ["CBuildStamp", "Clocks"], path: "Shared/ExposureModels"),
        // The git commit a build was made from (scripts/install stamps it; ProductVersion reads it).
        .systemLibrary(name: "CBuildStamp", path: "Shared/CBuildStamp"),
        .target(name: "HLS", dependencies: ["Clocks"], path: "Shared/HLS"),
        // Wall time, its ISO-8601 text, and the clocks the SDK waits on (standard `Clock`s): real, virtual for tests.
        .target(name: "Clocks", path: "Shared/Clocks"),
        // What an HTTP exchange is made of, for the SDK's transports and the mock's server alike.
        .target(name: "HTTPTypes", path: "Shared/HTTPTypes"),
        // The one argument parser of both executables (`exposure` and `exposure-mock`).
        .target(name: "CommandLineArguments", path: "Shared/CommandLineArguments"),
        // SQLite for the mock's state store and the client's download index.
        .systemLibrary(
            name: "CSQLite",
            path: "Shared/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // OpenSSL's libcrypto, and its one adapter: digests, HMAC and AES-128 for the SDK and the mock alike.
        .systemLibrary(
            name: "CCrypto",
            path: "Shared/CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        .target(name: "Cryptography", dependencies: ["CCrypto"], path: "Shared/Cryptography"),
        // The one SQLite adapter: the mock's state store, the SDK's analytics outbox and download index.
        .target(name: "SQLiteStore", dependencies: ["CSQLite"], path: "Shared/SQLiteStore"),

        // Server: the mock Exposure platform.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Server/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // GnuTLS, the TLS library libmicrohttpd serves HTTPS with: the server's certificates.
        .systemLibrary(
            name: "CGnuTLS",
            path: "Server/CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"]), .brew(["gnutls"])]
        ),
        // What HTTPS serves: a checked certificate and key, and the development certificate authority.
        .target(name: "ServerTLS", dependencies: ["CGnuTLS", "Clocks", "ExposureModels"], path: "Server/ServerTLS"),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Clocks", "HTTPTypes", "ServerTLS"], path: "Server/HTTPServer"),
        .target(
            name: "MockPlatform",
            dependencies: ["Clocks", "Cryptography", "ExposureModels", "HLS", "HTTPServer", "SQLiteStore"],
            path: "Server/MockPlatform"
        ),
        .target(
            name: "MockPlatformTesting", dependencies: ["Clocks", "MockPlatform", "HTTPServer", "ServerTLS"],
            path: "Server/MockPlatformTesting"),
        .executableTarget(
            name: "ExposureMock",
            dependencies: ["Clocks", "CommandLineArguments", "ExposureModels", "HTTPServer", "MockPlatform", "ServerTLS", "SQLiteStore"],
            path: "Server/ExposureMock"
        ),

        // Client: the SDK. Its HTTP is libcurl on Linux and URLSession on Apple platforms.
        .systemLibrary(
            name: "CCurl",
            path: "Client/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(
            name: "Exposure",
            dependencies: [
                "Clocks", "ExposureModels", "HTTPTypes", "SQLiteStore", .target(name: "CCurl", condition: .when(platforms: [.linux]))
            ],
            path: "Client/Exposure"
        ),
        // The analytics live in Exposure, as in iOSClientExposure; this module re-exports it for `import ExposureAnalytics`.
        .target(name: "ExposureAnalytics", dependencies: ["Exposure"], path: "Client/ExposureAnalytics"),
        .target(
            name: "ExposurePlayback", dependencies: ["Clocks", "Cryptography", "Exposure", "ExposureAnalytics", "HLS", "HTTPTypes"],
            path: "Client/ExposurePlayback"),
        .target(
            name: "ExposureDownload",
            dependencies: ["Cryptography", "Clocks", "Exposure", "ExposureAnalytics", "HLS", "HTTPTypes", "SQLiteStore"],
            path: "Client/ExposureDownload"),
        .executableTarget(
            name: "ExposureCLI", dependencies: ["CommandLineArguments", "Exposure", "ExposurePlayback", "ExposureDownload", "HLS"],
            path: "Client/ExposureCLI"),

        // Benchmarks (scripts/bench-*), and what they measure of themselves.
        .target(name: "BenchSupport", path: "scripts/BenchSupport"),
        .executableTarget(name: "HLSBench", dependencies: ["BenchSupport", "HLS"], path: "scripts/HLSBench"),
        .executableTarget(
            name: "PlayerBench",
            dependencies: ["BenchSupport", "ExposurePlayback", "ExposureAnalytics", "MockPlatform", "MockPlatformTesting"],
            path: "scripts/PlayerBench"),
        .executableTarget(name: "CryptoBench", dependencies: ["Cryptography", "ExposurePlayback", "HLS"], path: "scripts/CryptoBench"),
        .executableTarget(
            name: "ABRBench", dependencies: ["BenchSupport", "ExposurePlayback", "HLS", "MockPlatform"], path: "scripts/ABRBench"),
        .executableTarget(
            name: "TransportBench", dependencies: ["BenchSupport", "Exposure", "MockPlatform"], path: "scripts/TransportBench"),
        .executableTarget(
            name: "DownloadBench", dependencies: ["BenchSupport", "ExposureDownload", "Exposure", "ExposurePlayback"],
            path: "scripts/DownloadBench"),

        // Fuzz targets (scripts/fuzz): each defines libFuzzer's entry point and is an empty executable
        // unless built with `--sanitize fuzzer`; corpora and dictionaries are under Tests/Fuzz/.
        .target(name: "FuzzSupport", dependencies: ["Clocks", "ExposureModels", "HTTPServer", "MockPlatform"], path: "Tests/Fuzz/Support"),
        .executableTarget(name: "FuzzHLSPlaylist", dependencies: ["HLS"], path: "Tests/Fuzz/Targets/FuzzHLSPlaylist"),
        .executableTarget(name: "FuzzWebVTT", dependencies: ["HLS"], path: "Tests/Fuzz/Targets/FuzzWebVTT"),
        .executableTarget(name: "FuzzWireModels", dependencies: ["ExposureModels"], path: "Tests/Fuzz/Targets/FuzzWireModels"),
        .executableTarget(name: "FuzzRequestDecoding", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Targets/FuzzRequestDecoding"),
        .executableTarget(name: "FuzzFaultRules", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Targets/FuzzFaultRules"),
        .executableTarget(
            name: "FuzzFixtures", dependencies: ["Clocks", "ExposureModels", "MockPlatform"], path: "Tests/Fuzz/Targets/FuzzFixtures"),

        // Tests: one target per module, plus end-to-end against a real mock on port 0.
        .testTarget(name: "FuzzSupportTests", dependencies: ["FuzzSupport", "ExposureModels", "HTTPServer"]),
        .testTarget(name: "ExposureModelsTests", dependencies: ["Clocks", "ExposureModels"]),
        .testTarget(name: "HLSTests", dependencies: ["HLS"]),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography", "HLS", "TestSupport"]),
        .testTarget(name: "ClocksTests", dependencies: ["Clocks"]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
        .testTarget(name: "CommandLineArgumentsTests", dependencies: ["CommandLineArguments"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["Clocks", "HTTPServer", "HTTPTypes", "ServerTLS", "TestSupport"]),
        .testTarget(name: "ServerTLSTests", dependencies: ["ServerTLS", "Clocks", "TestSupport"]),
        // Helpers several test targets share: running built executables, raw connections, waits that suspend, temporary folders.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "MockPlatformTests",
            dependencies: ["Cryptography", "MockPlatform", "MockPlatformTesting", "TestSupport", "HLS", "SQLiteStore"]),
        .testTarget(name: "MockPlatformTestingTests", dependencies: ["MockPlatformTesting"]),
        // The exposure-mock executable: its configuration and log as values, the built binary as people run it.
        .testTarget(name: "ExposureMockTests", dependencies: ["ExposureMock", "MockPlatform", "MockPlatformTesting", "TestSupport"]),
        .testTarget(
            name: "ExposureTests",
            dependencies: ["Clocks", "Exposure", "ExposureModels", "MockPlatformTesting", "SQLiteStore", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Exposure", "MockPlatform", "MockPlatformTesting", "TestSupport", "HLS", "HTTPServer", "SQLiteStore"]),
        .testTarget(name: "ExposurePlaybackTests", dependencies: ["Cryptography", "ExposurePlayback", "Exposure"]),
        .testTarget(
            name: "ExposureAnalyticsTests",
            dependencies: ["Exposure", "ExposureAnalytics", "MockPlatformTesting", "SQLiteStore", "TestSupport"]),
        .testTarget(
            name: "PlayerEndToEndTests",
            dependencies: [
                "ExposurePlayback", "ExposureAnalytics", "ExposureDownload", "MockPlatform", "MockPlatformTesting", "HLS", "SQLiteStore",
                "TestSupport"
            ]),
        .testTarget(
            name: "ExposureDownloadTests",
            dependencies: ["ExposureDownload", "Exposure", "ExposurePlayback", "HLS", "MockPlatformTesting", "SQLiteStore", "TestSupport"]),
        // Requests exactly as the official Red Bee iOS SDK forms them, against a real mock.
        .testTarget(name: "ConformanceTests", dependencies: ["Exposure", "MockPlatformTesting"]),
        // The seed's code samples, compiled as written and run against the mock.
        .testTarget(name: "SeedSampleTests", dependencies: ["ExposurePlayback", "ExposureAnalytics", "ExposureDownload", "MockPlatform"]),
        // The official SDK's download and playback samples, compiled in Swift 5 mode as apps written for it are.
        .testTarget(
            name: "OfficialSampleTests", dependencies: ["Exposure", "ExposurePlayback", "ExposureDownload"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // The media downloader: values as unit tests, whole downloads against a real mock.
        .testTarget(
            name: "MediaDownloaderTests",
            dependencies: ["Cryptography", "ExposureDownload", "ExposurePlayback", "HLS", "MockPlatformTesting", "TestSupport"])
    ],
    swiftLanguageModes: [.v6]
)

// Every target spells existentials `any P` and imports each module whose members it uses.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility")
        ]
}

// The suite's CPU-bound code can be compiled optimized in debug builds too: every module of the
// product (Client/, Shared/, Server/: the SDK, the mock, the HTTP server and what they share).
// Unoptimized, the suite spent most of its CPU in them — 3,600-segment live playlists written,
// parsed and validated thousands of times, the player's engine and transfers, the mock's routing
// and JSON — much of it in generic metadata lookups that -O specializes away. The tests' own
// modules stay unoptimized. Opt-in with EXPOSURE_OPTIMIZE_DEBUG=1 (.ci/run sets it), because
// SwiftPM refuses unsafe flags in a package an app depends on by version: an app building the SDK
// never sees them, and a debugger keeps -Onone unless asked.
if Context.environment["EXPOSURE_OPTIMIZE_DEBUG"] == "1" {
    for target in package.targets where target.type != .system {
        guard let path = target.path, ["Client/", "Shared/", "Server/"].contains(where: path.hasPrefix) else { continue }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
    }
}
