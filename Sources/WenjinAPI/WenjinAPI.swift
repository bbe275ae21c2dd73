// WenjinAPI: placeholder until the module lands.
