// WenjinSample: placeholder until the module lands.
