/// Shorthands for the faults tests use most; combine fields on the result for anything else.
extension FaultRule {
    /// Answer `status` (with Exposure's error body) to requests whose path matches `path`.
    public static func status(_ status: Int, path: String, method: String? = nil, message: String? = nil, times: Int? = nil) -> FaultRule {
        FaultRule(method: method, path: path, status: status, message: message, times: times)
    }

    /// Answer matching requests `milliseconds` late.
    public static func delay(_ milliseconds: Int, path: String, method: String? = nil, times: Int? = nil) -> FaultRule {
        FaultRule(method: method, path: path, delay: .milliseconds(milliseconds), times: times)
    }

    /// Close the connection of matching requests without an answer.
    public static func dropConnection(path: String, method: String? = nil, times: Int? = nil) -> FaultRule {
        FaultRule(method: method, path: path, drop: true, times: times)
    }

    /// Send only the first `bytes` of the body of matching requests, then reset the connection.
    public static func truncate(afterBytes bytes: Int, path: String, method: String? = nil, times: Int? = nil) -> FaultRule {
        FaultRule(method: method, path: path, truncateAfterBytes: bytes, times: times)
    }

    /// This rule with a label shown in `GET /_mock/faults`.
    public func named(_ name: String) -> FaultRule { changed { $0.name = name } }

    /// This rule tried before those with a higher `priority` (0 first; 5 when not set).
    public func withPriority(_ priority: Int) -> FaultRule { changed { $0.priority = priority } }

    /// This rule applied to only that share (0…1) of its matching requests, drawn from the fault seed.
    public func withProbability(_ probability: Double) -> FaultRule { changed { $0.probability = probability } }

    private func changed(_ change: (inout FaultRule) -> Void) -> FaultRule {
        var copy = self
        change(&copy)
        return copy
    }

    /// Send the body of matching requests at `bytesPerSecond`.
    public static func throttle(bytesPerSecond: Int, path: String, method: String? = nil, times: Int? = nil) -> FaultRule {
        FaultRule(method: method, path: path, bytesPerSecond: bytesPerSecond, times: times)
    }
}
