import ExposureModels
import HTTPServer

extension AdminAPI {
    /// Add, change, list and remove fault rules; seed their probability draws.
    mutating func registerFaults() {
        let faults = control.faults
        add(.post, "/faults") { request, _ throws(ExposureErrorMessage) in
            let rule = try Self.body(FaultRule.self, of: request)
            do throws(FaultRuleError) {
                let added = try faults.add(rule)
                return Responses.json(added, status: 201)
            } catch {
                throw Self.refusal(error)
            }
        }

        // Before `/faults/{id}`: the router tries routes in the order they were added.
        add(.put, "/faults/seed") { request, _ throws(ExposureErrorMessage) in
            let body = try Self.body(FaultSeed.self, of: request)
            guard body.seed >= 0 else { throw .invalidParameter("seed", "must be a whole number from 0 to \(Int.max)") }
            faults.reseed(UInt64(body.seed))
            return Responses.json(body)
        }

        add(.put, "/faults/{id}") { request, parameters throws(ExposureErrorMessage) in
            let id = parameters["id"] ?? ""
            let rule = try Self.body(FaultRule.self, of: request)
            let replaced: FaultRule?
            do throws(FaultRuleError) {
                replaced = try faults.replace(id: id, with: rule)
            } catch {
                throw Self.refusal(error)
            }
            guard let replaced else { throw Self.unknownFault(id) }
            return Responses.json(replaced)
        }

        add(.get, "/faults") { _, _ throws(ExposureErrorMessage) in Responses.json(FaultList(faults: faults.list())) }

        add(.delete, "/faults") { _, _ throws(ExposureErrorMessage) in
            faults.removeAll()
            return Responses.noContent()
        }

        add(.delete, "/faults/{id}") { _, parameters throws(ExposureErrorMessage) in
            let id = parameters["id"] ?? ""
            guard faults.remove(id: id) else { throw Self.unknownFault(id) }
            return Responses.noContent()
        }
    }

    /// 400 `INVALID_FAULT` naming the field, or 409 `TOO_MANY_FAULTS` at the cap.
    private static func refusal(_ error: FaultRuleError) -> ExposureErrorMessage {
        switch error.kind {
        case .invalid: ExposureErrorMessage(httpCode: 400, message: "INVALID_FAULT", extendedMessage: error.message)
        case .limitReached: ExposureErrorMessage(httpCode: 409, message: "TOO_MANY_FAULTS", extendedMessage: error.message)
        }
    }

    private static func unknownFault(_ id: String) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 404, message: "UNKNOWN_FAULT", extendedMessage: "No fault rule \(id) (used up or removed).")
    }

    /// Read and clear the request journal; list the unmatched requests.
    mutating func registerJournal() {
        let journal = control.journal
        add(.get, "/requests") { request, _ throws(ExposureErrorMessage) in
            var limit: Int?
            if let text = request.query["limit"], !text.isEmpty {
                guard let value = Int(text), value >= 0 else { throw .invalidParameter("limit", "must be a whole number") }
                limit = value
            }
            let filter = JournalFilter(
                pathPrefix: Self.parameter(request, "pathPrefix"), since: try Self.instant("since", in: request),
                accountId: Self.parameter(request, "session"),
                method: Self.parameter(request, "method"), limit: limit)
            return Responses.json(
                JournalPage(
                    requests: journal.entries(matching: filter), capacity: journal.capacity, totalRecorded: journal.totalRecorded))
        }

        let unmatched = control.unmatched
        add(.get, "/requests/unmatched") { _, _ throws(ExposureErrorMessage) in
            Responses.json(UnmatchedPage(requests: unmatched.list(), capacity: UnmatchedRequests.capacity))
        }

        add(.delete, "/requests") { _, _ throws(ExposureErrorMessage) in
            journal.removeAll()
            return Responses.noContent()
        }

        add(.get, "/events") { request, _ throws(ExposureErrorMessage) in
            JournalEventStream.response(journal: journal, after: try Self.lastSeenEntry(of: request))
        }
    }

    /// The id of the last journal entry a client of `/_mock/events` has: its `Last-Event-ID`
    /// header (a reconnecting `EventSource`), else its `after` parameter; nil when neither is set.
    static func lastSeenEntry(of request: HTTPRequest) throws(ExposureErrorMessage) -> Int? {
        let header = request.headers["Last-Event-ID"].flatMap { $0.isEmpty ? nil : $0 }
        let name = header == nil ? "after" : "Last-Event-ID"
        guard let text = header ?? parameter(request, "after") else { return nil }
        guard let id = Int(text), id >= 0 else {
            throw .invalidParameter(name, "must be the id of a journal entry, a whole number from 0, not \(text)")
        }
        return id
    }
}

/// `GET /_mock/faults`.
public struct FaultList: Codable, Sendable, Equatable {
    /// The rules in force, in matching order.
    public var faults: [FaultRule]
}

/// `PUT /_mock/faults/seed`: the body and the answer.
public struct FaultSeed: Codable, Sendable, Equatable {
    /// Where the `probability` draws start again, 0 or more.
    public var seed: Int

    /// A seed.
    public init(seed: Int) { self.seed = seed }
}

/// `GET /_mock/requests`.
public struct JournalPage: Codable, Sendable, Equatable {
    /// The matching requests, oldest first.
    public var requests: [JournalEntry]
    /// How many requests the journal keeps.
    public var capacity: Int
    /// How many were recorded since the last reset (older ones beyond `capacity` are gone).
    public var totalRecorded: Int
}
