// WenjinModel: placeholder until the module lands.
