import ExposureModels

/// `platform.json`: who the mock pretends to be and how it behaves.
public struct PlatformSettings: Codable, Sendable, Equatable {
    /// The customer in every API path, e.g. `Sandbox`.
    public var customer: String
    /// The business unit in every API path, e.g. `Dev`.
    public var businessUnit: String
    /// The ISO 3166 country the mock believes clients are in, for geo-blocking.
    /// A request may override it with the `X-Mock-Country` header.
    public var clientCountry: String
    /// How long a session lasts, minutes.
    public var sessionLifetimeMinutes: Int
    /// How long a `rememberMe` session lasts, minutes.
    public var rememberMeSessionLifetimeMinutes: Int
    /// How long a play token lasts, minutes.
    public var playTokenLifetimeMinutes: Int
    /// Whether `auth/anonymous` works.
    public var anonymousLoginAllowed: Bool
    /// The products an anonymous session has.
    public var anonymousProducts: [String]
    /// The analytics block of every entitlement (`baseUrl` defaults to the mock itself).
    public var analytics: AnalyticsSettings?
    /// Fault rules in force from start-up (and again after a reset or a fixture reload), as
    /// `POST /_mock/faults` would add them; checked when the fixtures load.
    public var faults: [FaultRule]?

    /// Settings with the bundled fixtures' defaults.
    public init(
        customer: String = "Sandbox", businessUnit: String = "Dev", clientCountry: String = "SE",
        sessionLifetimeMinutes: Int = 24 * 60, rememberMeSessionLifetimeMinutes: Int = 30 * 24 * 60,
        playTokenLifetimeMinutes: Int = 6 * 60, anonymousLoginAllowed: Bool = true,
        anonymousProducts: [String] = ["free"], analytics: AnalyticsSettings? = nil, faults: [FaultRule]? = nil
    ) {
        self.customer = customer
        self.businessUnit = businessUnit
        self.clientCountry = clientCountry
        self.sessionLifetimeMinutes = sessionLifetimeMinutes
        self.rememberMeSessionLifetimeMinutes = rememberMeSessionLifetimeMinutes
        self.playTokenLifetimeMinutes = playTokenLifetimeMinutes
        self.anonymousLoginAllowed = anonymousLoginAllowed
        self.anonymousProducts = anonymousProducts
        self.analytics = analytics
        self.faults = faults
    }
}

extension PlatformSettings {
    /// The post interval players get when `platform.json` names none, seconds (Exposure's default).
    public static let defaultPostIntervalSeconds = 60

    /// The analytics block entitlements carry, the defaults filled in (`baseUrl` is the caller's).
    public var entitlementAnalytics: AnalyticsSettings {
        var settings = analytics ?? AnalyticsSettings(bucket: 0, tag: "default", percentage: 100)
        settings.postInterval = settings.postInterval ?? Self.defaultPostIntervalSeconds
        return settings
    }

    /// How long players may go without an event while playing, seconds (`analytics.postInterval`).
    public var analyticsPostIntervalSeconds: Int { entitlementAnalytics.postInterval ?? Self.defaultPostIntervalSeconds }

    /// How long a play session stays alive without any event, ms: three post intervals.
    public var playSessionIdleTimeoutMs: Int64 { 3 * Int64(analyticsPostIntervalSeconds) * 1000 }
}
