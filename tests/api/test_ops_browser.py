"""The console in a real headless Chromium (Debian's chromium and chromium-driver, `make browser-tools`).

The tests load /ops from a live server over HTTP with the token, read the page as a person
would see it, search for a transfer through the page's form, and check that nothing is wider
than a 600 px viewport. Screenshots go to var/screenshots/ (CI keeps them): the console at
desktop width, and the console and a transfer's story at 600 px.
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
from selenium.webdriver.support.wait import WebDriverWait

from config import PROJECT_ROOT
from storage.models import utc_now
from tests.support.console import seed_accounts, seed_story
from tests.support.operations import CHANNELS, REASONS, seed

TOKEN = "ops-token-browser-0123456789"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SCREENSHOTS = PROJECT_ROOT / "var" / "screenshots"
SCREENSHOT = SCREENSHOTS / "ops-console.png"
NARROW = 600
# Every rendered element whose box reaches past the viewport, as "tag#id.class: left..right".
_OVERFLOWING = """
const limit = document.documentElement.clientWidth;
return [...document.body.querySelectorAll('*')].flatMap(e => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && (box.right > limit + 0.5 || box.left < -0.5)
    ? [`${e.tagName}#${e.id}.${e.className}: ${Math.round(box.left)}..${Math.round(box.right)}`] : [];
}).slice(0, 10);
"""


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


def _viewport(driver: webdriver.Chrome, width: int, height: int = 1400) -> None:
    """Make the page's viewport exactly `width` CSS pixels wide, as a narrow window or a phone would."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def _save_screenshot(driver: webdriver.Chrome, name: str) -> Path:
    """The whole page as a PNG in SCREENSHOTS, its viewport stretched to the page's height."""
    width = driver.execute_script("return window.innerWidth")
    _viewport(driver, width, driver.execute_script("return document.documentElement.scrollHeight"))
    path = SCREENSHOTS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return path


def _assert_fits(driver: webdriver.Chrome, width: int) -> None:
    # The page's width less a vertical scroll bar's: anything wider scrolls sideways.
    client_width = driver.execute_script("return document.documentElement.clientWidth")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= min(width, client_width)
    assert driver.execute_script(_OVERFLOWING) == []


def test_the_console_renders_in_chromium_and_its_screenshot_is_saved(
    live_server: str, organization_id: int, browser: webdriver.Chrome
) -> None:
    seeded = seed(organization_id, now=utc_now())
    seed_accounts(organization_id, utc_now())
    browser.get(f"{live_server}/ops")
    assert "TKN gateway" not in browser.page_source  # no token yet: 401, an empty page

    _authorize(browser, TOKEN)
    browser.get(f"{live_server}/ops")
    assert browser.title == "TKN gateway · operations"
    assert browser.find_element(By.ID, "blocked-count").text == "1"
    assert browser.find_element(By.ID, "backlog").text == "5 open"  # 3 seeded, 2 holding ACC-RICH's money
    completed = browser.find_element(By.CSS_SELECTOR, '[data-state="Completed"]').text
    assert completed == str(seeded.count("Completed"))
    failures = browser.find_elements(By.CSS_SELECTOR, "#failures tr")[1:]
    assert len(failures) == seeded.count("Failed")
    assert {row.find_elements(By.TAG_NAME, "td")[4].text for row in failures} == set(REASONS)
    summary = browser.find_elements(By.CSS_SELECTOR, "#channel-summary tr")[1:]
    assert [row.text for row in summary] == ["Sandbox 2 1 0"]  # free, leased, stuck
    assert not any(channel in browser.page_source for channel in CHANNELS)
    assert browser.find_element(By.ID, "am04-today").text == "4"
    accounts = browser.find_elements(By.CSS_SELECTOR, "#accounts tr")[1:]
    assert [row.find_elements(By.TAG_NAME, "td")[1].text for row in accounts] == ["ACC-DRY", "ACC-OTHER", "ACC-RICH"]
    bars = browser.find_elements(By.CSS_SELECTOR, "#timeline rect")
    assert bars and all(bar.size["height"] > 0 for bar in bars)
    assert TOKEN not in browser.page_source
    _save_screenshot(browser, SCREENSHOT.name)


def test_a_search_in_the_page_opens_the_story_and_nothing_overflows_600_px(
    live_server: str, organization_id: int, browser: webdriver.Chrome
) -> None:
    seed(organization_id, now=utc_now())
    seed_accounts(organization_id, utc_now())
    story = seed_story(organization_id, utc_now())
    _authorize(browser, TOKEN)
    _viewport(browser, NARROW)
    browser.get(f"{live_server}/ops")
    assert browser.execute_script("return window.innerWidth") == NARROW
    _assert_fits(browser, NARROW)
    _save_screenshot(browser, "ops-console-600.png")

    _viewport(browser, NARROW)
    browser.find_element(By.ID, "search").send_keys(story.message_id)
    browser.find_element(By.ID, "find").click()
    WebDriverWait(browser, 10).until(lambda driver: driver.find_elements(By.ID, "transfer-id"))
    assert browser.find_element(By.ID, "transfer-id").text == str(story.transfer_id)
    assert browser.find_element(By.ID, "transfer-state").text == "Completed"
    assert browser.find_element(By.ID, "ledger-hash").text.startswith(story.hashes[1])
    states = browser.find_elements(By.CSS_SELECTOR, "#states tr")[1:]
    assert [row.find_elements(By.TAG_NAME, "td")[1].text for row in states] == [
        "Created",
        "Created → Processing",
        "Processing → Completed",
    ]
    envelopes = browser.find_elements(By.CSS_SELECTOR, "#envelopes tr")[1:]
    assert [row.find_elements(By.TAG_NAME, "td")[1].text for row in envelopes] == list(story.hashes)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#deliveries tr")) == 3
    _assert_fits(browser, NARROW)
    _save_screenshot(browser, "ops-story-600.png")

    _viewport(browser, 1280)
    browser.get(f"{live_server}/ops?q={story.end_to_end_id}")
    assert browser.find_element(By.ID, "transfer-id").text == str(story.transfer_id)
    _save_screenshot(browser, "ops-story.png")
