// WenjinDrafts: placeholder until the module lands.
