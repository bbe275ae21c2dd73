// WenjinPreview: placeholder until the module lands.
