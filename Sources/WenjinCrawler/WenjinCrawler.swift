// WenjinCrawler: placeholder until the module lands.
