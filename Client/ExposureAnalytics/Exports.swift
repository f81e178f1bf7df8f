// The analytics that iOSClientExposure ships (BackgroundAnalyticsManager, the dispatcher, the
// outbox, play-session reporting) live in the `Exposure` module, as they do in the official SDK, so
// `import Exposure` reaches them. This module stays for apps and tools written
// `import ExposureAnalytics`: it re-exports `Exposure` and adds nothing.
@_exported import Exposure
