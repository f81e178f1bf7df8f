// Apps that download see the clocks licenses and reports run on without another import.
@_exported import Clocks
// …and everything iOSClientExposure offers (requests, models, errors, analytics), as
// `import ExposureDownload` does with the official SDK.
@_exported import Exposure
