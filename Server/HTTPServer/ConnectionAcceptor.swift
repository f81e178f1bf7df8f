import Foundation

/// Accepts connections on a listening socket from a thread of its own and gives each a thread
/// that serves it.
final class ConnectionAcceptor: Sendable {
    private let listener: ListeningSocket
    private let core: ServerCore
    private let finished = DispatchSemaphore(value: 0)

    /// The port being listened on.
    var port: Int { listener.port }

    /// Starts accepting at once.
    init(listener: ListeningSocket, core: ServerCore) {
        self.listener = listener
        self.core = core
        let thread = Thread { [listener, core, finished] in
            while let socket = listener.accept() {
                // Registered on its own thread: should the thread never start, nothing waits for it.
                let serving = Thread {
                    guard core.connections.add(socket) else {
                        if !core.connections.isStopping {
                            core.log("refused a connection from \(socket.remoteAddress ?? "?"): \(ConnectionRegistry.maxConnections) are open")
                        }
                        return socket.close()
                    }
                    ConnectedSocket.ignoreBrokenPipesOnThisThread()
                    let ending = ServerConnection(socket: socket, core: core).run()
                    core.connections.remove(socket)
                    switch ending {
                    case .finished: socket.finish()
                    case .dropped: socket.close()
                    case .reset: socket.reset()
                    }
                }
                serving.name = "HTTPServer connection"
                serving.start()
            }
            finished.signal()
        }
        thread.name = "HTTPServer accept"
        thread.start()
    }

    /// Stops accepting, wakes waiting connections, lets answers in progress finish and waits
    /// until every connection's thread is done.
    func stop() {
        listener.close()
        finished.wait()
        core.connections.stop()
    }
}
