// WenjinKeyedArchive: placeholder until the module lands.
