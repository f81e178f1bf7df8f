import Foundation
import TestSupport
import Testing

/// Every Swift snippet of README.md and docs/ compiles where a user pastes it: as top-level code
/// (`main.swift`) and inside an `async throws` function. Compiled to SIL against the package's
/// built modules, so the compiler's later stages (where a crash such as "Found outside of
/// lifetime use" happens) run too. Names a snippet takes from the text around it are declared
/// first (``givens``). A module holds one `main.swift`, so each snippet's top-level form is a
/// compiler run of its own; the function forms are all one run, one file per snippet (most of
/// a run is loading the modules), and each error is told to the snippet whose file it is in.
/// The top-level runs go ``compilersAtOnce`` at a time: one after another they were the
/// parallel suite's longest chain (about 70 s of an 80-s run, each compiler waiting for a core
/// behind the rest of the suite), and twenty at once would starve the suites that run against
/// real time. The suite's tests run one after another for the same reason.
@Suite(.onItsOwnQueue, .serialized) struct DocumentationSnippetTests {
    /// How many top-level compiler runs are under way at once.
    static let compilersAtOnce = 4

    @Test func everySnippetCompilesAsTopLevelCode() async throws {
        try await withThrowingTaskGroup(of: (snippet: Snippet, source: String, result: ChildProcess.Result).self) { group in
            var waiting = Snippet.all[...]
            for _ in 0..<Self.compilersAtOnce {
                guard let snippet = waiting.popFirst() else { break }
                group.addTask { try await Self.compileAsTopLevelCode(snippet) }
            }
            while let (snippet, source, result) = try await group.next() {
                #expect(result.status == 0, "\(snippet) does not compile as main.swift:\n\(result.errors)\n\(source)")
                if let next = waiting.popFirst() { group.addTask { try await Self.compileAsTopLevelCode(next) } }
            }
        }
    }

    /// Compiles `snippet` as the `main.swift` of a module of its own.
    static func compileAsTopLevelCode(_ snippet: Snippet) async throws -> (snippet: Snippet, source: String, result: ChildProcess.Result) {
        let (imports, body) = snippet.split()
        let source = (imports + [Snippet.given] + snippet.givens + body).joined(separator: "\n")
        let folder = TemporaryFolder("snippet")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: file)
        return (snippet, source, try await swiftc([file.path]))
    }

    @Test func everySnippetCompilesInsideAnAsyncFunction() async throws {
        let folder = TemporaryFolder("snippets")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let given = folder.url.appendingPathComponent("given.swift")
        try Data(Snippet.given.utf8).write(to: given)
        var sources: [(snippet: Snippet, file: URL, source: String)] = []
        for (index, snippet) in Snippet.all.enumerated() {
            let (imports, body) = snippet.split()
            let source = (imports + ["func snippet\(index)() async throws {"] + snippet.givens + body + ["}"]).joined(separator: "\n")
            let file = folder.url.appendingPathComponent("snippet\(index).swift")
            try Data(source.utf8).write(to: file)
            sources.append((snippet, file, source))
        }
        let result = try await Self.swiftc(["-parse-as-library", "-wmo", given.path] + sources.map(\.file.path))
        let errors = result.errors.split(separator: "\n").filter { $0.contains(": error: ") }
        for (snippet, file, source) in sources {
            let own = errors.filter { $0.hasPrefix(file.path + ":") }
            #expect(own.isEmpty, "\(snippet) does not compile inside an async function:\n\(own.joined(separator: "\n"))\n\(source)")
        }
        #expect(result.status == 0, "the snippets do not compile inside async functions:\n\(result.errors)")
    }

    @Test(arguments: Snippet.manifests)
    func aManifestSnippetLoadsAndNamesThisPackagesProducts(_ snippet: Snippet) async throws {
        let folder = TemporaryFolder("manifest-snippet")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(snippet.code.utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--package-path", folder.url.path, "dump-package"])
        #expect(result.status == 0, "\(snippet) is not a manifest SwiftPM loads:\n\(result.errors)")
        let ours = try String(contentsOf: Snippet.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let named = snippet.code.matches(of: /\.product\(name: "([^"]+)", package: "([^"]+)"\)/).map { ($0.1, $0.2) }
        #expect(!named.isEmpty, "\(snippet) names no product of the package")
        for (product, package) in named {
            #expect(ours.contains(".library(name: \"\(product)\""), "\(snippet): this package has no library \(product)")
            #expect(snippet.code.contains("/\(package).git") && snippet.code.contains("../\(package)"), "\(snippet): identity \(package)")
        }
    }

    /// Runs the compiler to SIL on `arguments` (flags and files) against the package's built modules.
    static func swiftc(_ arguments: [String]) async throws -> ChildProcess.Result {
        let mapFlags = Snippet.moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-emit-sil", "-o", "/dev/null", "-I", Snippet.modules.path] + mapFlags + arguments)
    }
}

/// One ```swift block of a document.
struct Snippet: Sendable, CustomTestStringConvertible {
    /// The document, relative to the package, e.g. `docs/downloads.md`.
    let document: String
    /// Its place among the document's Swift blocks, from 1.
    let number: Int
    let code: String

    var testDescription: String { "\(document) snippet \(number)" }

    /// Declarations of what the snippet takes from the text around it.
    var givens: [String] { (Self.givens["\(document)#\(number)"] ?? []).filter { !$0.hasPrefix("import ") } }

    /// The snippet's `import` lines (all the SDK's and the mock's modules when it has none) with
    /// those its givens need, and the rest.
    func split() -> (imports: [String], body: [String]) {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let imports = lines.filter { $0.hasPrefix("import ") }
        let givenImports = (Self.givens["\(document)#\(number)"] ?? []).filter { $0.hasPrefix("import ") }
        let everyModule = ["Exposure", "ExposureAnalytics", "ExposurePlayback", "ExposureDownload", "MockPlatformTesting"]
        return (
            (imports.isEmpty ? everyModule.map { "import \($0)" } : imports) + givenImports + ["import Foundation"],
            lines.filter { !$0.hasPrefix("import ") }
        )
    }

    /// A value of any type, for the givens: compiled, never run.
    static let given = "func given<Value>() -> Value { fatalError(\"compiled, not run\") }"

    /// What each snippet takes from its document, by `document#number`.
    static let givens: [String: [String]] = [
        "README.md#4": ["import Exposure", "let environment: Environment = given()", "let credentials: Credentials = given()"],
        "docs/admin-api.md#1": [
            "import Exposure", "import Testing", "let myFixtures: URL = given()", "let someDate: Date = given()",
            "let entitlement: PlaybackEntitlement = given()"
        ],
        "docs/admin-api.md#2": ["let entitlement: Entitlement = given()"],
        "docs/downloads.md#1": [
            "import Exposure", "let environment: Environment = given()", "let token: SessionToken = given()",
            "let listener: any OfflineManagerListener = given()"
        ],
        "docs/downloads.md#2": ["let manager: OfflineManager = given()", "let item: SourceItem = given()"],
        "docs/media-downloader.md#1": [
            "let folder: URL = given()", "let masterURL: URL = given()", "let id: MediaDownloadID = given()"
        ],
        "docs/stream-lab.md#4": ["let player: Player = given()"]
    ]

    /// The package's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The built modules, beside the test bundle.
    static let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
    /// The C modules' maps, which the Swift modules need to load.
    static let moduleMaps = [
        "Client/CCurl", "Shared/CCrypto", "Shared/CBuildStamp", "Shared/CSQLite", "Server/CMicroHTTPD", "Server/CGnuTLS"
    ].map {
        root.appendingPathComponent($0).appendingPathComponent("module.modulemap")
    }

    /// Every Swift snippet of README.md and docs/*.md but package manifests.
    static var all: [Snippet] { everyBlock.filter { !$0.isManifest } }

    /// The package manifests (`Package.swift`) among them, checked by SwiftPM rather than compiled.
    static var manifests: [Snippet] { everyBlock.filter(\.isManifest) }

    /// Whether the snippet is a `Package.swift`.
    var isManifest: Bool { code.hasPrefix("// swift-tools-version") }

    private static let everyBlock: [Snippet] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        let documents = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return documents.flatMap { document in
            let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
            return blocks(in: text).enumerated().map { Snippet(document: document, number: $0.offset + 1, code: $0.element) }
        }
    }()

    private static func blocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if let lines = current, line.hasPrefix("```") {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
