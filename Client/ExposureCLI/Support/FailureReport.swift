import Exposure
import ExposurePlayback
import Foundation

/// How a command that did not succeed tells the user, or with `--json` a script: one line on
/// standard error (one JSON object under `--json`), and the exit status.
struct FailureReport {
    /// The command's name, e.g. `login`.
    let command: String
    /// Whether the command line asked for `--json`.
    let json: Bool

    /// Prints what `error` means for `command` and returns the exit status: 2 for bad usage,
    /// 128 + the signal for an interruption, 1 for any other failure.
    func report(_ error: any Error) -> Int32 {
        let status: Int32
        let text: String
        switch error {
        case let error as UsageError:
            (status, text) = (2, "\(error.message); run `exposure \(command) --help` for usage")
        case let error as Interrupted:
            // The reader of a closed output wants nothing more.
            if error.cause == .outputClosed { return error.cause.exitStatus }
            (status, text) = (error.cause.exitStatus, "\(error)")
        default:
            (status, text) = (1, "\(error)\(hint(for: error))")
        }
        let line = "exposure \(command): \(text)"
        guard json else {
            Console.err(line)
            return status
        }
        var object: [String: Any] = ["error": line, "exitStatus": status]
        if let server = Self.serverMessage(of: error) {
            object["httpCode"] = server.httpCode
            object["message"] = server.message
            object["extendedMessage"] = server.extendedMessage
        }
        Console.err(JSONLine.encode(object))
        return status
    }

    /// What to do about a refused token (log in again, unless logging in is what was refused) or
    /// a server certificate not trusted (name the CA that signed it).
    private func hint(for error: any Error) -> String {
        if Self.transportCode(of: error) == .untrustedCertificate {
            return "; pass the certificate authority that signed it with --ca-file FILE (exposure-mock --tls prints its CA's path)"
        }
        guard Self.serverMessage(of: error)?.httpCode == 401 else { return "" }
        return command == LoginCommand.name
            ? "; the user name or password is wrong"
            : "; the session is no longer valid: run `exposure login USER PASSWORD` again"
    }

    /// The kind of transport failure behind `error`, directly or behind a failed playback.
    private static func transportCode(of error: any Error) -> CurlTransportError.Code? {
        switch error {
        case ExposureError.generalError(let cause as CurlTransportError),
            PlayerError.exposure(.generalError(let cause as CurlTransportError)):
            cause.code
        case let cause as CurlTransportError: cause.code
        default: nil
        }
    }

    /// The server's error body behind `error`, directly or behind a failed playback.
    static func serverMessage(of error: any Error) -> ExposureErrorMessage? {
        switch error {
        case let error as ExposureError: error.serverMessage
        case PlayerError.exposure(let error): error.serverMessage
        default: nil
        }
    }
}
