// WenjinTemplates: placeholder until the module lands.
