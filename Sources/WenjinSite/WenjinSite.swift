// WenjinSite: placeholder until the module lands.
