"""Debian's Chromium driven through chromium-driver (PyPI selenium), shared by
Scripts/check-accessibility and Scripts/screenshots: a headless window of a given width,
in the light or dark colour scheme."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def open_browser(width=1280, height=900, scheme="light"):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--allow-file-access-from-files", f"--window-size={width},{height}"):
        options.add_argument(argument)
    browser = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    browser.set_page_load_timeout(60)
    browser.set_script_timeout(120)
    # The window's size includes no browser frame in headless mode; the viewport is the width.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    emulate_scheme(browser, scheme)
    return browser


def emulate_scheme(browser, scheme):
    """Makes the pages loaded from now on see `prefers-color-scheme: scheme`."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
