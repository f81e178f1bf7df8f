import ExposureModels

/// `platform.json`: who the mock pretends to be and how it behaves.
package struct PlatformSettings: Codable, Sendable, Equatable {
    /// The customer in every API path, e.g. `Sandbox`.
    package var customer: String
    /// The business unit in every API path, e.g. `Dev`.
    package var businessUnit: String
    /// The ISO 3166 country the mock believes clients are in, for geo-blocking.
    /// A request may override it with the `X-Mock-Country` header.
    package var clientCountry: String
    /// How long a session lasts, minutes.
    package var sessionLifetimeMinutes: Int
    /// How long a `rememberMe` session lasts, minutes.
    package var rememberMeSessionLifetimeMinutes: Int
    /// How long a play token lasts, minutes.
    package var playTokenLifetimeMinutes: Int
    /// Whether `auth/anonymous` works.
    package var anonymousLoginAllowed: Bool
    /// The products an anonymous session has.
    package var anonymousProducts: [String]
    /// The analytics block of every entitlement (`baseUrl` defaults to the mock itself).
    package var analytics: AnalyticsSettings?
    /// Fault rules in force from start-up (and again after a reset or a fixture reload), as
    /// `POST /_mock/faults` would add them; checked when the fixtures load.
    package var faults: [FaultRule]?

    /// Settings with the bundled fixtures' defaults.
    package init(
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
    package static let defaultPostIntervalSeconds = 60

    /// The analytics block entitlements carry, the defaults filled in (`baseUrl` is the caller's).
    package var entitlementAnalytics: AnalyticsSettings {
        var settings = analytics ?? AnalyticsSettings(bucket: 0, tag: "default", percentage: 100)
        settings.postInterval = settings.postInterval ?? Self.defaultPostIntervalSeconds
        return settings
    }

    /// How long players may go without an event while playing, seconds (`analytics.postInterval`).
    package var analyticsPostIntervalSeconds: Int { entitlementAnalytics.postInterval ?? Self.defaultPostIntervalSeconds }

    /// How long a play session stays alive without any event: three post intervals.
    package var playSessionIdleTimeout: Duration { .seconds(3 * analyticsPostIntervalSeconds) }
}
