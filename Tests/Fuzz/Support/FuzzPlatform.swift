import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform

/// The mock platform in-process on the bundled fixtures, at a fixed instant, answering
/// requests written as text (``FuzzedRequest``) through its whole pipeline without a socket.
///
/// Every input is answered the same way on every run, so a crash input replays: the platform
/// clock and the server clock (network schedules) stand still at ``fixedNowMs``, and fault
/// rules' probability draws start from ``faultSeed`` after each reset, whatever seed an earlier
/// input set through `PUT /_mock/faults/seed`.
public final class FuzzPlatform: Sendable {
    /// The one a fuzz target answers its inputs with, loaded before the first input.
    public static let shared = FuzzPlatform()

    /// 2026-01-01T00:00:00Z: every reset starts the platform clock here.
    public static let fixedNowMs: Int64 = 1_767_225_600_000

    /// Where fault rules' probability draws start for every input.
    public static let faultSeed: UInt64 = 20

    /// The platform the requests are answered by.
    public let platform: MockPlatform

    /// Loads the bundled fixtures (from the working directory: run fuzzers from the repository).
    public init() {
        do {
            // A short journal: a reset clears it, and every input is a reset.
            let start = WallTime(millisecondsSince1970: FuzzPlatform.fixedNowMs)
            platform = try MockPlatform(
                configuration: .init(port: 0, journalCapacity: 16, serverClock: ManualClock(at: start), faultSeed: Self.faultSeed),
                clock: PlatformClock(real: ManualClock(at: start)))
        } catch {
            fatalError("The bundled fixtures do not load: \(error)")
        }
    }

    /// Forgets everything the requests so far did: the next is answered as if it were the first.
    public func reset() {
        platform.control.reset()
    }

    /// Answers the request `text` describes, with `{token}` standing for a fresh session's
    /// token; nil when the text describes no request.
    @discardableResult
    package func respond(to text: some Collection<UInt8>) -> HTTPResponse? {
        let bytes = FuzzedRequest.substitutingToken(in: Array(text), with: login)
        return FuzzedRequest.parse(bytes).map { platform.responder.respond(to: $0) }
    }

    /// The token of a new session of the fixtures' `premium` user.
    private func login() -> String {
        let settings = platform.context.catalog.catalog.settings
        let request = HTTPRequest(
            method: .post, path: "/v2/customer/\(settings.customer)/businessunit/\(settings.businessUnit)/auth/login",
            headers: ["Content-Type": "application/json"], body: Data(#"{"username":"premium","password":"sandbox"}"#.utf8),
            remoteAddress: "127.0.0.1")
        let response = platform.responder.respond(to: request)
        guard let credentials = try? ExposureJSON.decode(Credentials.self, from: response.body) else {
            fatalError("The fixtures' premium user cannot log in: \(response.status)")
        }
        return credentials.sessionToken.value
    }
}

/// libFuzzer's set-up, before the first input, in the targets that link this library: the
/// shared platform, loaded once for the whole run (`Tests/Fuzz/lsan.supp` keeps what it holds
/// out of the leak reports). Never called outside libFuzzer.
@_cdecl("LLVMFuzzerInitialize")
public func initializeFuzzPlatform(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzPlatform.shared.reset()
    return 0
}
