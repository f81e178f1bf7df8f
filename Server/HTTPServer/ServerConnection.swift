import Foundation

/// One client connection, served on a thread of its own: requests are read, answered and
/// written in order until either side closes, the connection idles past the timeout, or the
/// server stops.
struct ServerConnection {
    let socket: ConnectedSocket
    let core: ServerCore

    /// How the connection is to be ended once serving stops.
    enum Ending: Equatable {
        /// After the last answer: an orderly close that lets the client read it.
        case finished
        /// At once: the client left, or a fault drops the connection.
        case dropped
        /// With a reset, for a fault that cuts an answer short.
        case reset
    }

    /// Serves requests until the connection ends; says how to close it.
    func run() -> Ending {
        socket.setTimeout(seconds: core.connectionTimeoutSeconds)
        let reader = RequestReader(socket: socket, maxBodyBytes: core.maxBodyBytes)
        let writer = ResponseWriter(socket: socket, core: core)
        while !core.connections.isStopping {
            switch reader.next(continueBody: writer.sendContinue) {
            case .closed, .abandoned:
                return .dropped
            case .refused(let status, let message):
                if status != 413 { core.log("refused a request from \(socket.remoteAddress ?? "?"): \(message) (\(status))") }
                _ = writer.write(core.refusal(status: status, message: message), to: nil, keepAlive: false)
                return .finished
            case .request(let head, let body):
                core.openRequests.withLock { $0 += 1 }
                defer { core.openRequests.withLock { $0 -= 1 } }
                let request = HTTPRequest(
                    method: HTTPMethod(rawValue: head.method), path: head.path, rawQuery: head.rawQuery,
                    headers: head.headers, body: body, remoteAddress: socket.remoteAddress
                )
                let response = core.responderSlots.run { core.responder.respond(to: request) }
                switch writer.write(response, to: head, keepAlive: head.wantsKeepAlive) {
                case .keepOpen: continue
                case .close: return .finished
                case .drop: return .dropped
                case .reset: return .reset
                }
            }
        }
        return .finished
    }
}
