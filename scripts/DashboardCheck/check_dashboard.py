"""The dashboard's checks in headless Chromium, run by scripts/check-dashboard against a running mock.

Waits are Selenium's explicit waits for a condition on the page, bounded by TIMEOUT seconds.
Console entries whose source is "network" are the browser's notes on answers with an error status,
which the pages ask for on purpose (an entitlement refused to basic, a 503 fault); every other
SEVERE entry — an exception, console.error — fails the check.
"""

import argparse
import json
import sys
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

TIMEOUT = 20
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                     "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def script_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and entry.get("source") != "network"]


def open_page(driver, base, page, ready, output):
    started = time.monotonic()
    driver.get(f"{base}/#/{page}")
    WebDriverWait(driver, TIMEOUT).until(ready)
    # The pages share one document (the hash picks the page), so the first contentful paint is the
    # document's, measured on the first page opened.
    paint = driver.execute_script(
        "const entry = performance.getEntriesByName('first-contentful-paint')[0]; return entry ? entry.startTime : null;")
    print(f"     {page}: ready after {1000 * (time.monotonic() - started):.0f} ms (document's first contentful paint {paint:.0f} ms)")
    errors = script_errors(driver)
    check(not errors, f"{page}: no JavaScript error on load {errors if errors else ''}")
    driver.save_screenshot(str(output / f"{page.replace('/', '-')}.png"))


def fixture_titles(fixtures):
    assets = json.loads((Path(fixtures) / "catalog/assets.json").read_text())
    return [next((entry["title"] for entry in asset.get("localized", []) if entry.get("title")), asset["assetId"])
            for asset in assets]


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--base", required=True)
    arguments.add_argument("--fixtures", required=True)
    arguments.add_argument("--output", required=True)
    options = arguments.parse_args()
    base, output = options.base, Path(options.output)
    driver = browser()
    wait = WebDriverWait(driver, TIMEOUT)
    try:
        # Catalog: every fixture title.
        open_page(driver, base, "catalog", EC.presence_of_element_located((By.CSS_SELECTOR, "#catalog-list table")), output)
        listed = driver.find_element(By.ID, "catalog-list").text
        missing = [title for title in fixture_titles(options.fixtures) if title not in listed]
        check(not missing, f"catalog lists every fixture title (missing: {missing})")

        # The search box and the type filter narrow the list.
        driver.find_element(By.ID, "catalog-search").send_keys("harbour")
        rows = driver.find_elements(By.CSS_SELECTOR, "#catalog-list tbody tr")
        check(len(rows) == 4, f"searching 'harbour' leaves the show and its three episodes ({len(rows)} rows)")
        Select(driver.find_element(By.ID, "catalog-type")).select_by_value("EPISODE")
        rows = driver.find_elements(By.CSS_SELECTOR, "#catalog-list tbody tr")
        check(len(rows) == 3, f"and the type EPISODE the three episodes ({len(rows)} rows)")
        driver.find_element(By.ID, "catalog-search").clear()
        Select(driver.find_element(By.ID, "catalog-type")).select_by_value("")

        # Keyboard: in a freshly loaded page Tab reaches the skip link, then the navigation.
        driver.refresh()
        ActionChains(driver).send_keys(Keys.TAB).perform()
        check(driver.switch_to.active_element.text == "Skip to content", "the first Tab stop is the skip link")
        ActionChains(driver).send_keys(Keys.TAB).perform()
        check(driver.switch_to.active_element.text == "Catalog", "the next is the navigation")
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#catalog-list table")))

        # A phone-width window.
        driver.set_window_size(390, 844)
        overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(overflow <= 0, f"at phone width the page does not scroll sideways (tables scroll in their box; {overflow} px)")
        driver.save_screenshot(str(output / "catalog-phone.png"))
        driver.set_window_size(1280, 800)

        # The dark theme, from the system setting.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(background == "rgb(20, 23, 27)", f"a dark system setting gives the dark theme ({background})")
        driver.save_screenshot(str(output / "catalog-dark.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})

        # Control: an hour ahead moves the clock shown.
        open_page(driver, base, "control", EC.presence_of_element_located((By.ID, "clock-now")), output)
        before = driver.find_element(By.ID, "clock-state").get_attribute("data-offset-ms")
        driver.find_element(By.ID, "clock-hour-ahead").click()
        wait.until(lambda d: d.find_element(By.ID, "clock-state").get_attribute("data-offset-ms") != before)
        after = int(driver.find_element(By.ID, "clock-state").get_attribute("data-offset-ms"))
        check(after - int(before) == 3_600_000, f"+ 1 hour moves the offset shown by an hour ({before} → {after})")
        shown = driver.find_element(By.ID, "clock-now").text
        with urllib.request.urlopen(f"{base}/_mock/clock") as answer:
            clock = json.loads(answer.read())
        check(clock["offsetMs"] == after, f"the mock's clock is where the page says ({shown})")

        # Control: a 503 fault for entitlements, added through the form.
        driver.find_element(By.ID, "fault-add").click()
        wait.until(EC.text_to_be_present_in_element((By.ID, "fault-list"), "answers 503"))
        driver.save_screenshot(str(output / "control-with-fault.png"))

        # Title: the next entitlement shows the 503.
        open_page(driver, base, "title/arctic-journey",
                  EC.presence_of_element_located((By.CSS_SELECTOR, "#entitlements table")), output)
        entitlements = driver.find_element(By.ID, "entitlements").text
        check("503" in entitlements, f"the title page shows the fault's 503 ({entitlements!r})")

        # Control: the fault deleted, the title page gets entitlements again; the player says what it can do.
        open_page(driver, base, "control", EC.presence_of_element_located((By.ID, "clock-now")), output)
        driver.find_element(By.CSS_SELECTOR, "#fault-list button").click()
        wait.until(EC.text_to_be_present_in_element((By.ID, "fault-list"), "No fault rules"))
        open_page(driver, base, "title/arctic-journey",
                  EC.presence_of_element_located((By.CSS_SELECTOR, "#entitlements table")), output)
        entitlements = driver.find_element(By.ID, "entitlements").text
        check("play session" in entitlements and "503" not in entitlements, "without the fault premium is entitled")
        driver.save_screenshot(str(output / "title-entitled.png"))

        # A VOD, a live channel and the podcast play in the title page where this Chromium plays
        # HLS natively (it says so otherwise): the media time moves, and a video decodes frames.
        for asset_id, is_video in [("arctic-journey", True), ("news-24", True), ("tech-talk-e1", False)]:
            open_page(driver, base, f"title/{asset_id}",
                      EC.presence_of_element_located((By.XPATH, "//button[text()='Play as premium']")), output)
            driver.find_element(By.XPATH, "//button[text()='Play as premium']").click()
            wait.until(lambda d: d.find_element(By.ID, "player-message").text)
            message = driver.find_element(By.ID, "player-message").text
            if "cannot play" in message:
                print(f"     {asset_id}: this Chromium has no native playback: {message}")
                continue
            player = driver.find_element(By.ID, "player")
            wait.until(lambda d: d.execute_script("return arguments[0].currentTime", player) >= 1)
            check(True, f"{asset_id}: the player's media time advances past 1 s")
            if is_video:
                frames = driver.execute_script("return arguments[0].webkitDecodedFrameCount", player)
                check(frames > 0, f"{asset_id}: the video decodes frames ({frames})")
            driver.execute_script("arguments[0].scrollIntoView()", player)
            driver.save_screenshot(str(output / f"title-{asset_id}-playing.png"))

        # Activity: the requests the pages made.
        open_page(driver, base, "activity", EC.presence_of_element_located((By.CSS_SELECTOR, "#journal table")), output)
        journal = driver.find_element(By.ID, "journal").text
        check("/entitlement/arctic-journey/play" in journal, "the activity page lists the entitlement requests")
        check("ended" in driver.find_element(By.ID, "play-sessions").text, "the play sessions the title page opened are ended")
        with urllib.request.urlopen(f"{base}/_mock/analytics/sessions") as answer:
            sessions = json.loads(answer.read())["sessions"]
        problems = [problem for session in sessions for problem in session.get("problems", [])]
        check(sessions and not problems, f"the title page ended {len(sessions)} play sessions by the reporting rules {problems[:3]}")
    finally:
        errors = script_errors(driver)
        check(not errors, f"no JavaScript error at the end {errors if errors else ''}")
        driver.quit()
    print(f"screenshots in {output}")
    if failures:
        print(f"check-dashboard: {len(failures)} failure(s)", file=sys.stderr)
        sys.exit(1)
    print("check-dashboard: 0 failures")


if __name__ == "__main__":
    main()
