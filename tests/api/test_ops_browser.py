"""The console in a real headless Chromium (Debian's chromium and chromium-driver, `make browser-tools`).

The test loads /ops from a live server over HTTP with the token, reads the page as a person
would see it, and saves a screenshot to var/screenshots/ops-console.png, which CI keeps.
"""

from __future__ import annotations

import base64
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from config import PROJECT_ROOT
from storage.models import utc_now
from tests.support.operations import CHANNELS, REASONS, seed

TOKEN = "ops-token-browser-0123456789"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SCREENSHOT = PROJECT_ROOT / "var" / "screenshots" / "ops-console.png"


@pytest.fixture()
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    """The console on."""
    return {**app_config, "OPS_TOKEN": TOKEN}


@pytest.fixture()
def browser() -> Iterator[webdriver.Chrome]:
    """Headless Chromium through chromedriver; missing, it skips the test, except under CI, where it fails."""
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} and {CHROMEDRIVER} are required under CI: run `make browser-tools`")
        pytest.skip("Chromium is not installed: `make browser-tools` installs it")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1280,1500")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def _authorize(driver: webdriver.Chrome, token: str) -> None:
    """Send the token as HTTP Basic on every request, as a browser does once its user typed it."""
    credentials = base64.b64encode(f"ops:{token}".encode()).decode()
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Authorization": f"Basic {credentials}"}})


def test_the_console_renders_in_chromium_and_its_screenshot_is_saved(
    live_server: str, organization_id: int, browser: webdriver.Chrome
) -> None:
    seeded = seed(organization_id, now=utc_now())
    browser.get(f"{live_server}/ops")
    assert "TKN gateway" not in browser.page_source  # no token yet: 401, an empty page

    _authorize(browser, TOKEN)
    browser.get(f"{live_server}/ops")
    assert browser.title == "TKN gateway · operations"
    assert browser.find_element(By.ID, "blocked-count").text == "1"
    assert browser.find_element(By.ID, "backlog").text == "3 open"
    completed = browser.find_element(By.CSS_SELECTOR, '[data-state="Completed"]').text
    assert completed == str(seeded.count("Completed"))
    failures = browser.find_elements(By.CSS_SELECTOR, "#failures tr")[1:]
    assert len(failures) == seeded.count("Failed")
    assert {row.find_elements(By.TAG_NAME, "td")[4].text for row in failures} == set(REASONS)
    channels = browser.find_elements(By.CSS_SELECTOR, "#channels tr")[1:]
    assert [row.find_elements(By.TAG_NAME, "td")[1].text for row in channels] == CHANNELS
    bars = browser.find_elements(By.CSS_SELECTOR, "#timeline rect")
    assert bars and all(bar.size["height"] > 0 for bar in bars)
    assert TOKEN not in browser.page_source

    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 10_000
    assert Path(SCREENSHOT).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
