/// The seed's transition table as a pure function of a state and a call or event.
///
/// | from | call | event | to |
/// |---|---|---|---|
/// | notDownloaded | download | | downloading |
/// | downloading | cancelDownload | | canceling |
/// | downloading | suspendDownload | didSuspend | suspended |
/// | downloading | | didFinish | downloaded |
/// | downloading | | didProgressTo | downloading |
/// | downloaded | deleteOfflineData | | notDownloaded |
/// | suspended | resumeDownload | didResume | downloading |
/// | suspended | cancelDownload | | canceling |
/// | canceling | | didCancel | notDownloaded |
/// | downloaded | renewOfflineLicense | didRenewOfflineLicense | downloaded |
///
/// Every other pair is refused: a call with ``OfflineManagerError/invalidTransition(from:call:)``,
/// an event with nil (the manager ignores an event that arrives after the state moved on).
package enum OfflineStateMachine {
    /// The state a call leads to, entered as soon as the call returns.
    package static func state(after call: OfflineCall, from state: OfflineState) throws(OfflineManagerError) -> OfflineState {
        switch (state, call) {
        case (.notDownloaded, .download): return .downloading
        case (.downloading, .cancelDownload), (.suspended, .cancelDownload): return .canceling
        case (.downloading, .suspendDownload): return .suspended
        case (.suspended, .resumeDownload): return .downloading
        case (.downloaded, .deleteOfflineData): return .notDownloaded
        case (.downloaded, .renewOfflineLicense): return .downloaded
        default: throw .invalidTransition(from: state, call: call)
        }
    }

    /// The state an event leads to, or nil when the event does not apply in `state`.
    package static func state(after event: OfflineStateEvent, from state: OfflineState) -> OfflineState? {
        switch (state, event) {
        case (.downloading, .progressed): return .downloading
        case (.downloading, .finished): return .downloaded
        case (.canceling, .canceled): return .notDownloaded
        default: return nil
        }
    }
}
