// Apps import `Exposure` alone and still see the wire models (Asset, PlaybackEntitlement, …).
@_exported import ExposureModels
