// WenjinHTTP: placeholder until the module lands.
