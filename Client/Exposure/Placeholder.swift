// Exposure: placeholder until the module lands.
