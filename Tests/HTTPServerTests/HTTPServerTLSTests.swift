import Clocks
import Foundation
import HTTPServer
import ServerTLS
import TestSupport
import Testing

/// HTTPS on libmicrohttpd's TLS, as curl sees it: trusted with the CA that signed the
/// certificate (`--cacert`), refused without; the responder learns which scheme a request came over.
@Suite(.onItsOwnQueue) struct HTTPServerTLSTests {
    @Test func curlTrustingTheCAGetsTheAnswerAndOneThatDoesNotIsRefused() async throws {
        let folder = TemporaryFolder("server-tls")
        let authority = DevelopmentCA(folder: folder.url)
        let identity = try authority.serverIdentity(now: .systemNow)
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, tls: identity, errorLog: { _ in }),
            responder: ClosureResponder { .text("\($0.scheme) \($0.path)") })
        try server.start()
        defer { server.stop() }
        #expect(server.configuration.scheme == "https")
        for host in ["127.0.0.1", "localhost"] {
            let trusted = try await curl(["--cacert", authority.certificateFile.path, "https://\(host):\(server.port)/hello"])
            #expect(trusted.status == 0 && trusted.output == "https /hello", "\(trusted.errors)")
        }
        let untrusted = try await curl(["https://127.0.0.1:\(server.port)/hello"])
        #expect(untrusted.status == 60, "curl's 'peer certificate cannot be authenticated': \(untrusted.errors)")
        let plain = try await curl(["http://127.0.0.1:\(server.port)/hello"])
        #expect(plain.output != "https /hello", "plain HTTP gets no answer from the TLS port")
    }

    @Test func aPlainServerTellsRequestsTheyCameOverHTTP() async throws {
        try await withServer({ .text($0.scheme) }) { server in
            #expect(server.configuration.scheme == "http")
            let answer = try await curl(["http://127.0.0.1:\(server.port)/"])
            #expect(answer.output == "http")
        }
    }

    private func curl(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--noproxy", "*", "--max-time", "60"] + arguments)
    }
}
