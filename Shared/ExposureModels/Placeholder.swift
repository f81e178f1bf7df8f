// ExposureModels: placeholder until the module lands.
