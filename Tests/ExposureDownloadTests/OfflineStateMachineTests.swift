import ExposureDownload
import Testing

/// The seed's transition table, row by row, and every pair it does not list.
@Suite(.timeLimit(.minutes(1))) struct OfflineStateMachineTests {
    static let allowedCalls: [(OfflineState, OfflineCall, OfflineState)] = [
        (.notDownloaded, .download, .downloading),
        (.downloading, .cancelDownload, .canceling),
        (.downloading, .suspendDownload, .suspended),
        (.downloaded, .deleteOfflineData, .notDownloaded),
        (.suspended, .resumeDownload, .downloading),
        (.suspended, .cancelDownload, .canceling),
        (.downloaded, .renewOfflineLicense, .downloaded)
    ]

    static let allowedEvents: [(OfflineState, OfflineStateEvent, OfflineState)] = [
        (.downloading, .finished, .downloaded),
        (.downloading, .progressed, .downloading),
        (.canceling, .canceled, .notDownloaded)
    ]

    @Test(arguments: 0..<allowedCalls.count)
    func everyCallOfTheTableMovesToItsFollowingState(row: Int) throws {
        let (from, call, to) = Self.allowedCalls[row]
        #expect(try OfflineStateMachine.state(after: call, from: from) == to)
    }

    @Test(arguments: OfflineState.allCases)
    func everyCallTheTableDoesNotListIsAnInvalidTransition(from: OfflineState) {
        for call in OfflineCall.allCases where !Self.allowedCalls.contains(where: { $0.0 == from && $0.1 == call }) {
            #expect(throws: OfflineManagerError.invalidTransition(from: from, call: call)) {
                try OfflineStateMachine.state(after: call, from: from)
            }
        }
    }

    @Test func theTableAllowsSevenOfTheThirtyPairs() {
        let allowed = OfflineState.allCases.flatMap { state in
            OfflineCall.allCases.filter { (try? OfflineStateMachine.state(after: $0, from: state)) != nil }
        }
        #expect(allowed.count == 7)
    }

    @Test(arguments: 0..<allowedEvents.count)
    func everyEventOfTheTableMovesToItsFollowingState(row: Int) {
        let (from, event, to) = Self.allowedEvents[row]
        #expect(OfflineStateMachine.state(after: event, from: from) == to)
    }

    @Test(arguments: OfflineState.allCases)
    func eventsTheTableDoesNotListAreIgnored(from: OfflineState) {
        for event in OfflineStateEvent.allCases where !Self.allowedEvents.contains(where: { $0.0 == from && $0.1 == event }) {
            #expect(OfflineStateMachine.state(after: event, from: from) == nil)
        }
    }
}
