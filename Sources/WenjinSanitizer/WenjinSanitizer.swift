// WenjinSanitizer: placeholder until the module lands.
