// WenjinStore: placeholder until the module lands.
