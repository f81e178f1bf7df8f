// Routes and requests name methods with the HTTP method type the SDK shares (HTTPTypes).
@_exported import HTTPTypes
