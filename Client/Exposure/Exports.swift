// Apps import `Exposure` alone and still see the wire models (Asset, PlaybackEntitlement, …).
@_exported import ExposureModels
// …and the HTTP method type the transports and the mock's server share.
@_exported import HTTPTypes
