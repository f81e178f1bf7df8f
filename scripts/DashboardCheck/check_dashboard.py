"""The dashboard's checks in headless Chromium, run by scripts/check-dashboard against a running mock.

Waits are Selenium's explicit waits for a condition on the page, bounded by TIMEOUT seconds.
Console entries whose source is "network" are the browser's notes on answers with an error status,
which the pages ask for on purpose (an entitlement refused to basic, a 503 fault); every other
SEVERE entry — an exception, console.error — fails the check.
"""

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

TIMEOUT = 20
failures = []
figures = []
API = "/v1/customer/Sandbox/businessunit/Dev"


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


def figure(name, value, unit, limit=None):
    """Records a measured figure and checks it against its limit, when it has one."""
    figures.append((name, value, unit, limit))
    if limit is not None:
        check(value < limit, f"{name}: {value:.1f} {unit} (limit {limit} {unit})")


def open_page(driver, base, page, ready, output):
    """Loads `page` in a fresh document (so its first contentful paint is its own), waits until
    `ready`, and screenshots it. The first time a page is opened, it is loaded three times and
    the median first contentful paint is its figure."""
    name = f"first contentful paint, {page.split('/')[0]} page"
    paints = []
    for _ in range(1 if name in {entry[0] for entry in figures} else 3):
        # A page of the same origin between loads: a new document, but no new renderer process.
        driver.get(f"{base}/_mock/health")
        started = time.monotonic()
        driver.get(f"{base}/#/{page}")
        WebDriverWait(driver, TIMEOUT).until(ready)
        paints.append(driver.execute_script(
            "const entry = performance.getEntriesByName('first-contentful-paint')[0]; return entry ? entry.startTime : null;"))
    print(f"     {page}: ready after {1000 * (time.monotonic() - started):.0f} ms")
    if len(paints) == 3 and None not in paints:
        figure(name, sorted(paints)[1], "ms", 200)
    errors = script_errors(driver)
    check(not errors, f"{page}: no JavaScript error on load {errors if errors else ''}")
    driver.save_screenshot(str(output / f"{page.replace('/', '-')}.png"))


def check_phone_width(driver, output, name):
    """At a phone's width the page does not scroll sideways (wide tables and the EPG scroll in
    their own box); a screenshot of it."""
    driver.set_window_size(390, 844)
    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    check(overflow <= 0, f"{name}: at phone width the page does not scroll sideways ({overflow} px)")
    driver.save_screenshot(str(output / f"{name}-phone.png"))
    driver.set_window_size(1280, 800)


def get_json(base, path):
    with urllib.request.urlopen(f"{base}{path}") as answer:
        return json.loads(answer.read())


def send_requests(base, count, per_second=None, stop=None):
    """Sends `count` cheap Exposure API requests over one kept-alive connection, at `per_second`
    when given (until `stop` is set)."""
    address = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=TIMEOUT)
    started = time.monotonic()
    for index in range(count):
        if stop is not None and stop.is_set():
            break
        if per_second:
            delay = started + index / per_second - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        connection.request("GET", f"{API}/time?n={index}")
        connection.getresponse().read()
    connection.close()


def on_air(driver):
    """The program on air per channel; read again when the list is redrawn (the clock ticks) mid-read."""
    return WebDriverWait(driver, TIMEOUT, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: {item.get_attribute("data-channel-id"): item.get_attribute("data-program-id")
                   for item in d.find_elements(By.CSS_SELECTOR, "#on-air li")})


def fixture_titles(fixtures):
    assets = json.loads((Path(fixtures) / "catalog/assets.json").read_text())
    return [next((entry["title"] for entry in asset.get("localized", []) if entry.get("title")), asset["assetId"])
            for asset in assets]


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--base", required=True)
    arguments.add_argument("--fixtures", required=True)
    arguments.add_argument("--output", required=True)
    arguments.add_argument("--cli", required=True, help="the exposure command-line client")
    arguments.add_argument("--admin-token", help="the mock runs with this --admin-token: check signing in only")
    options = arguments.parse_args()
    base, output = options.base, Path(options.output)
    driver = browser()
    wait = WebDriverWait(driver, TIMEOUT)
    if options.admin_token:
        try:
            check_sign_in(driver, wait, base, options.admin_token, output)
        finally:
            errors = script_errors(driver)
            check(not errors, f"signed in: no JavaScript error at the end {errors if errors else ''}")
            driver.quit()
        return finish(output)
    try:
        check_catalog(driver, wait, base, options.fixtures, output)
        check_channels_and_clock(driver, wait, base, output)
        check_fault_and_title(driver, wait, base, output)
        check_player(driver, wait, base, output)
        check_activity(driver, wait, base, output, options.cli)
        measure_journal(driver, wait, base, output)
    finally:
        errors = script_errors(driver)
        check(not errors, f"no JavaScript error at the end {errors if errors else ''}")
        driver.quit()
    finish(output)


def finish(output):
    print(f"screenshots in {output}")
    print("figures:")
    for name, value, unit, limit in figures:
        print(f"  {name}: {value:.1f} {unit}" + (f" (limit {limit} {unit})" if limit is not None else ""))
    if failures:
        print(f"check-dashboard: {len(failures)} failure(s)", file=sys.stderr)
        sys.exit(1)
    print("check-dashboard: 0 failures")


def check_catalog(driver, wait, base, fixtures, output):
    # Catalog: every fixture title, each with its poster.
    open_page(driver, base, "catalog", EC.presence_of_element_located((By.CSS_SELECTOR, "#catalog-list table")), output)
    listed = driver.find_element(By.ID, "catalog-list").text
    titles = fixture_titles(fixtures)
    missing = [title for title in titles if title not in listed]
    check(not missing, f"catalog lists every fixture title (missing: {missing})")
    wait.until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('#catalog-list img.poster')].every((image) => image.complete)"))
    posters = driver.execute_script(
        "return [...document.querySelectorAll('#catalog-list img.poster')].filter((image) => image.naturalWidth > 0).length")
    check(posters == len(titles), f"every title shows its poster ({posters} of {len(titles)})")
    poster_urls = driver.execute_script("return [...document.querySelectorAll('#catalog-list img.poster')].map((image) => image.getAttribute('src'))")
    check(all(url.startswith(base + "/media/posters/") for url in poster_urls),
          f"the assets' images are absolute URLs on the mock's origin ({poster_urls[:1]})")

    # The restriction, SSAI and geo-rule columns, from the fixtures' mock settings and publications.
    headings = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#catalog-list thead th")]
    for heading in ["Restrictions", "SSAI", "Geo rules", "Downloadable"]:
        check(heading in headings, f"the catalog has a {heading} column ({headings})")

    def row_of(title):
        for row in driver.find_elements(By.CSS_SELECTOR, "#catalog-list tbody tr"):
            cells = row.find_elements(By.TAG_NAME, "td")
            if cells[1].text == title:
                return {heading: cell.text for heading, cell in zip(headings, cells)}
        return {}

    lecture = row_of("Masterclass Lecture")
    check("no fast-forward" in lecture.get("Restrictions", "") and "no rewind" in lecture.get("Restrictions", ""),
          f"Masterclass Lecture is marked no fast-forward, no rewind ({lecture.get('Restrictions')!r})")
    ssai = row_of("Mountain Peaks (with ads)")
    check("pre-roll 2 ads" in ssai.get("SSAI", "") and "mid-roll at 5:00" in ssai.get("SSAI", ""),
          f"Mountain Peaks shows its pre-roll and mid-roll ({ssai.get('SSAI')!r})")
    news = row_of("News 24")
    check("ad break" in news.get("SSAI", ""), f"News 24 shows its channel ad break ({news.get('SSAI')!r})")
    noir = row_of("Nordic Noir")
    check(noir.get("Geo rules") == "only NO", f"Nordic Noir is published in Norway only ({noir.get('Geo rules')!r})")
    arctic = row_of("Arctic Journey")
    check(arctic.get("Geo rules") == "none" and arctic.get("Restrictions") == "none" and arctic.get("SSAI") == "none",
          f"Arctic Journey has no restrictions, ads or geo rules ({arctic})")

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

    check_phone_width(driver, output, "catalog")

    # The dark theme, from the system setting.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    check(background == "rgb(20, 23, 27)", f"a dark system setting gives the dark theme ({background})")
    driver.save_screenshot(str(output / "catalog-dark.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})


def check_channels_and_clock(driver, wait, base, output):
    # Channels: the EPG grid of every channel, programs marked, a program's entitlement per user.
    open_page(driver, base, "channels", EC.presence_of_element_located((By.ID, "epg-now-line")), output)
    channels = [asset["assetId"] for asset in get_json(base, f"{API}/content/asset?assetType=TV_CHANNEL&onlyPublished=false")["items"]]
    grid = driver.find_element(By.ID, "epg-grid").text
    check(channels and all(channel in grid for channel in channels), f"the EPG grid has every channel {channels}")
    for kind in ["premium", "blocked", "blackout"]:
        marked = driver.find_elements(By.CSS_SELECTOR, f"#epg-grid .program .tag.{kind}")
        check(len(marked) > 0, f"programs are marked {kind} ({len(marked)})")
    driver.find_element(By.CSS_SELECTOR, "#epg-grid .program.on-air").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#program-detail table")))
    rows = driver.find_elements(By.CSS_SELECTOR, "#program-detail tbody tr")
    check(len(rows) == 3, f"a program shows its entitlement for each of the three users ({len(rows)})")
    driver.save_screenshot(str(output / "channels-program.png"))
    check_phone_width(driver, output, "channels")
    now_before = int(driver.find_element(By.ID, "epg-now-line").get_attribute("data-now-ms"))
    airing_before = on_air(driver)
    wall_before = time.monotonic()

    # Control: an hour ahead moves the clock shown...
    open_page(driver, base, "control", EC.presence_of_element_located((By.ID, "clock-now")), output)
    before = driver.find_element(By.ID, "clock-state").get_attribute("data-offset-ms")
    driver.find_element(By.ID, "clock-hour-ahead").click()
    wait.until(lambda d: d.find_element(By.ID, "clock-state").get_attribute("data-offset-ms") != before)
    after = int(driver.find_element(By.ID, "clock-state").get_attribute("data-offset-ms"))
    check(after - int(before) == 3_600_000, f"+ 1 hour moves the offset shown by an hour ({before} → {after})")
    shown = driver.find_element(By.ID, "clock-now").text
    check(get_json(base, "/_mock/clock")["offsetMs"] == after, f"the mock's clock is where the page says ({shown})")

    # ...and the EPG's now-line and the programs on air.
    driver.execute_script("location.hash = '#/channels'")
    wait.until(lambda d: d.find_elements(By.ID, "epg-now-line") and
               int(d.find_element(By.ID, "epg-now-line").get_attribute("data-now-ms")) >= now_before + 3_600_000)
    moved = int(driver.find_element(By.ID, "epg-now-line").get_attribute("data-now-ms")) - now_before
    waited = 1000 * (time.monotonic() - wall_before)
    check(3_600_000 <= moved <= 3_600_000 + waited + 2000, f"the now-line moved an hour ({moved} ms, {waited:.0f} ms of wall time)")
    airing_after = on_air(driver)
    changed = [channel for channel in airing_after if airing_after[channel] != airing_before.get(channel)]
    check(changed, f"the program on air changed ({airing_before} → {airing_after})")
    driver.save_screenshot(str(output / "channels-hour-ahead.png"))
    urllib.request.urlopen(urllib.request.Request(f"{base}/_mock/clock", data=b'{"offsetMs":0,"rate":1}', method="PUT",
                                                  headers={"Content-Type": "application/json"})).read()


def check_fault_and_title(driver, wait, base, output):
    # Control: a 503 fault for entitlements, added through the form.
    open_page(driver, base, "control", EC.presence_of_element_located((By.ID, "clock-now")), output)
    driver.find_element(By.ID, "fault-add").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "fault-list"), "answers 503"))
    driver.save_screenshot(str(output / "control-with-fault.png"))

    # A stream rule is listed by its stream target (asset, rendition, segment), not as "any" path.
    rule = {"stream": {"assetId": "news-24", "segmentsFromNow": 2, "resolution": "640x360"}, "status": 404, "times": 1}
    request = urllib.request.Request(f"{base}/_mock/faults", data=json.dumps(rule).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    stream_rule = json.loads(urllib.request.urlopen(request).read())
    open_page(driver, base, "control", EC.text_to_be_present_in_element((By.ID, "fault-list"), "stream of news-24"), output)
    listed = driver.find_element(By.ID, "fault-list").text
    check(f"segment {stream_rule['stream']['sequence']}" in listed and "640x360 video" in listed,
          f"the stream rule shows its segment and rendition ({listed!r})")
    driver.save_screenshot(str(output / "control-with-stream-rule.png"))
    urllib.request.urlopen(urllib.request.Request(f"{base}/_mock/faults/{stream_rule['id']}", method="DELETE")).read()
    open_page(driver, base, "control", lambda d: d.find_elements(By.CSS_SELECTOR, "#fault-list table")
              and "stream of news-24" not in d.find_element(By.ID, "fault-list").text, output)

    # Title: the next entitlement shows the 503.
    open_page(driver, base, "title/arctic-journey", EC.presence_of_element_located((By.CSS_SELECTOR, "#entitlements table")), output)
    entitlements = driver.find_element(By.ID, "entitlements").text
    check("503" in entitlements, f"the title page shows the fault's 503 ({entitlements!r})")

    # Control: the fault deleted, the title page gets entitlements again.
    open_page(driver, base, "control", EC.presence_of_element_located((By.ID, "clock-now")), output)
    driver.find_element(By.CSS_SELECTOR, "#fault-list button").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "fault-list"), "No fault rules"))
    open_page(driver, base, "title/arctic-journey", EC.presence_of_element_located((By.CSS_SELECTOR, "#entitlements table")), output)
    entitlements = driver.find_element(By.ID, "entitlements").text
    check("play session" in entitlements and "503" not in entitlements, "without the fault premium is entitled")
    check(driver.find_element(By.CSS_SELECTOR, "img.poster.large").get_attribute("naturalWidth") != "0", "the title shows its poster")
    driver.save_screenshot(str(output / "title-entitled.png"))


def play_as_premium(driver, wait, base, asset_id, output):
    open_page(driver, base, f"title/{asset_id}", EC.presence_of_element_located((By.XPATH, "//button[text()='Play as premium']")), output)
    driver.find_element(By.XPATH, "//button[text()='Play as premium']").click()
    wait.until(lambda d: d.find_element(By.ID, "player-message").text and d.find_element(By.ID, "player-timeline-legend").text)
    return driver.find_element(By.ID, "player-message").text


def check_player(driver, wait, base, output):
    # The timeline: the SSAI title's ad breaks from its entitlement's clips, the thumbnails of its
    # sprite VTT over it; the audio and subtitle renditions of its master playlist.
    play_as_premium(driver, wait, base, "mountain-ssai", output)
    ads = driver.find_elements(By.CSS_SELECTOR, "#player-timeline .mark.ad")
    check(len(ads) > 0, f"mountain-ssai: the ad breaks are marked on the timeline ({len(ads)})")
    audio = [option.text for option in Select(driver.find_element(By.ID, "player-audio")).options]
    subtitles = [option.text for option in Select(driver.find_element(By.ID, "player-subtitles")).options]
    check(len(audio) == 2 and len(subtitles) == 3, f"the audio {audio} and subtitle {subtitles} choices of the master playlist")
    timeline = driver.find_element(By.ID, "player-timeline")
    ActionChains(driver).move_to_element_with_offset(timeline, -timeline.size["width"] // 4, 0).perform()
    thumbnail = driver.find_element(By.ID, "player-thumbnail")
    wait.until(lambda d: thumbnail.is_displayed())
    image = thumbnail.value_of_css_property("background-image")
    check("sprites" in image, f"a thumbnail from the sprite sheet shows over the timeline ({image})")
    driver.save_screenshot(str(output / "title-mountain-ssai-timeline.png"))

    # A channel's program boundaries.
    play_as_premium(driver, wait, base, "news-24", output)
    boundaries = driver.find_elements(By.CSS_SELECTOR, "#player-timeline .mark.boundary")
    check(len(boundaries) > 0, f"news-24: program boundaries are marked on the timeline ({len(boundaries)})")

    # A VOD, a live channel and the podcast play where this Chromium plays HLS natively (it says
    # so otherwise): the media time keeps up with the wall clock, and a video decodes frames.
    for asset_id, is_video in [("arctic-journey", True), ("news-24", True), ("tech-talk-e1", False)]:
        message = play_as_premium(driver, wait, base, asset_id, output)
        if "cannot play" in message:
            print(f"     {asset_id}: this Chromium has no native playback: {message}")
            continue
        player = driver.find_element(By.ID, "player")
        wait.until(lambda d: d.execute_script("return arguments[0].currentTime", player) > 0)
        start_media, start_wall = driver.execute_script("return arguments[0].currentTime", player), time.monotonic()
        wait.until(lambda d: d.execute_script("return arguments[0].currentTime", player) >= start_media + 3)
        media = driver.execute_script("return arguments[0].currentTime", player) - start_media
        wall = time.monotonic() - start_wall
        check(media >= 0.8 * wall, f"{asset_id}: the media time advanced {media:.2f} s in {wall:.2f} s of wall time")
        if is_video:
            frames = driver.execute_script("return arguments[0].webkitDecodedFrameCount", player)
            check(frames > 0, f"{asset_id}: the video decodes frames ({frames})")
        driver.execute_script("arguments[0].scrollIntoView()", player)
        driver.save_screenshot(str(output / f"title-{asset_id}-playing.png"))


def check_activity(driver, wait, base, output, cli):
    # Activity: the journal, live from /_mock/events.
    open_page(driver, base, "activity", EC.presence_of_element_located((By.CSS_SELECTOR, "#journal tbody tr")), output)
    journal = driver.find_element(By.ID, "journal").text
    check("/entitlement/arctic-journey/play" in journal, "the activity page lists the entitlement requests")
    check("ended" in driver.find_element(By.ID, "play-sessions").text, "the play sessions the title page opened are ended")
    wait.until(EC.text_to_be_present_in_element((By.ID, "journal-connection"), "live"))
    urllib.request.urlopen(f"{base}{API}/time?from=check-dashboard").read()
    wait.until(EC.text_to_be_present_in_element((By.ID, "journal"), "from=check-dashboard"))
    check(True, "a request made after the page loaded shows up without a reload (server-sent events)")

    # Filters: path, status, account, fault.
    def shown_rows():
        return driver.find_elements(By.CSS_SELECTOR, "#journal tbody tr")
    driver.find_element(By.ID, "activity-path").send_keys("from=check-dashboard")
    check(len(shown_rows()) == 1, f"the path filter leaves the one request ({len(shown_rows())})")
    driver.find_element(By.ID, "activity-path").clear()
    driver.execute_script("document.getElementById('activity-path').dispatchEvent(new Event('input'))")
    Select(driver.find_element(By.ID, "activity-fault")).select_by_value("*")
    faulted = shown_rows()
    check(faulted and all(row.find_elements(By.TAG_NAME, "td")[8].text for row in faulted),
          f"the fault filter leaves the faulted requests ({len(faulted)})")
    Select(driver.find_element(By.ID, "activity-status")).select_by_value("5")
    check(all(row.find_elements(By.TAG_NAME, "td")[4].text.startswith("5") for row in shown_rows()) and shown_rows(),
          "the status filter leaves the 5xx answers")
    Select(driver.find_element(By.ID, "activity-fault")).select_by_value("")
    Select(driver.find_element(By.ID, "activity-status")).select_by_value("")
    account = Select(driver.find_element(By.ID, "activity-account"))
    chosen = account.options[1].get_attribute("value")
    account.select_by_value(chosen)
    check(all(row.find_elements(By.TAG_NAME, "td")[7].text == chosen for row in shown_rows()) and shown_rows(),
          f"the account filter leaves {chosen}'s requests")
    account.select_by_value("")

    # A request opens its headers and timing.
    shown_rows()[0].find_element(By.TAG_NAME, "button").click()
    detail = driver.find_element(By.ID, "request-detail").text
    check("X-Request-Id" in detail and "Time to answer" in detail and "User-Agent" in detail,
          "a request shows its headers and timing")
    driver.save_screenshot(str(output / "activity-request.png"))
    check_phone_width(driver, output, "activity")

    # A play session started with the command-line client shows up with its analytics events.
    known = {session["sessionId"] for session in get_json(base, "/_mock/analytics/sessions")["sessions"]}
    with tempfile.TemporaryDirectory() as home:
        environment = dict(os.environ, EXPOSURE_BASE_URL=base, XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data", HOME=home)
        subprocess.run([cli, "login", "premium", "sandbox"], env=environment, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([cli, "play", "arctic-journey", "--seconds", "2"], env=environment, check=True, stdout=subprocess.DEVNULL,
                       timeout=120)
    new = [session["sessionId"] for session in get_json(base, "/_mock/analytics/sessions")["sessions"] if session["sessionId"] not in known]
    check(len(new) == 1, f"the command-line client's play sent analytics ({new})")
    if new:
        wait.until(EC.text_to_be_present_in_element((By.ID, "play-sessions"), new[0]))
        # The table is drawn again as the play's requests arrive: the click retries on a fresh row.
        WebDriverWait(driver, TIMEOUT, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: d.find_element(By.XPATH, f"//div[@id='play-sessions']//button[normalize-space()='{new[0]}']").click() or True)
        wait.until(EC.text_to_be_present_in_element((By.ID, "play-session-detail"), "Playback.Started"))
        detail = driver.find_element(By.ID, "play-session-detail").text
        check("Playback.Created" in detail and "Analytics timeline" in detail,
              "the command-line play session shows in the activity page with its analytics events")
        driver.save_screenshot(str(output / "activity-play-session.png"))


def check_sign_in(driver, wait, base, token, output):
    """A mock with --admin-token: the dashboard asks for the token, refuses a wrong one, signs in
    with the right one (an HttpOnly cookie the page's script cannot read), follows the journal live
    through GET /_mock/events with it, stays signed in across a reload, and signs out."""
    driver.get(f"{base}/#/activity")
    wait.until(EC.visibility_of_element_located((By.ID, "signin-token")))
    check(True, "a mock with an admin token opens on the sign-in form")
    driver.save_screenshot(str(output / "sign-in.png"))
    field = driver.find_element(By.ID, "signin-token")
    field.send_keys("not-the-token", Keys.ENTER)
    wait.until(EC.visibility_of_element_located((By.ID, "signin-problem")))
    check("not the admin token" in driver.find_element(By.ID, "signin-problem").text, "a wrong token is refused with a message")
    field.clear()
    field.send_keys(token, Keys.ENTER)
    wait.until(EC.text_to_be_present_in_element((By.ID, "journal-connection"), "live"))
    check(True, "signed in, the activity page's event stream is live")
    check("exposure-mock-admin" not in driver.execute_script("return document.cookie"), "the session cookie is HttpOnly")
    check(token not in driver.current_url, "the token is in no URL")
    urllib.request.urlopen(f"{base}{API}/time?from=signed-in").read()
    wait.until(EC.text_to_be_present_in_element((By.ID, "journal"), "from=signed-in"))
    check(True, "signed in, a request made after the page loaded shows up live (server-sent events with the cookie)")
    driver.save_screenshot(str(output / "activity-signed-in.png"))
    driver.refresh()
    wait.until(EC.text_to_be_present_in_element((By.ID, "journal-connection"), "live"))
    check(driver.find_element(By.ID, "sign-out").is_displayed(), "still signed in after a reload, with a sign-out button")
    driver.find_element(By.ID, "sign-out").click()
    wait.until(EC.visibility_of_element_located((By.ID, "signin-token")))
    status = driver.execute_async_script("const done = arguments[0]; fetch('/_mock/clock').then((answer) => done(answer.status))")
    check(status == 401, f"signed out, the admin API refuses the browser again ({status})")


def measure_journal(driver, wait, base, output):
    # Figures: a journal of 10,000 entries, and a filter applied while 50 requests a second arrive.
    urllib.request.urlopen(urllib.request.Request(f"{base}/_mock/reset", method="POST")).read()
    send_requests(base, 10_000)
    open_page(driver, base, "activity", EC.presence_of_element_located((By.CSS_SELECTOR, "#journal tbody tr")), output)
    wait.until(lambda d: d.execute_script("return document.getElementById('main').dataset.wholeMs"))
    timings = driver.execute_script("const data = document.getElementById('main').dataset; return [data.readyMs, data.wholeMs]")
    summary = driver.find_element(By.ID, "journal-summary").text
    check("of 10000 requests" in summary, f"the page holds the whole journal ({summary})")
    figure("activity page, 10,000-entry journal: its newest page fetched and shown", float(timings[0]), "ms", 500)
    figure("activity page, 10,000-entry journal: all of it fetched, filtered and shown", float(timings[1]), "ms")
    wait.until(EC.text_to_be_present_in_element((By.ID, "journal-connection"), "live"))
    stop = threading.Event()
    traffic = threading.Thread(target=send_requests, args=(base, 1_000_000, 50, stop))
    traffic.start()
    try:
        wait.until(lambda d: "of 10000 requests" not in d.find_element(By.ID, "journal-summary").text)
        timings, references = [], []
        for words in ["n=1", "n=12", "time", "n=9999", ""] * 2:
            timings.append(driver.execute_script("""
                const input = document.getElementById('activity-path');
                const started = performance.now();
                input.value = arguments[0];
                input.dispatchEvent(new Event('input'));
                document.getElementById('journal').getBoundingClientRect();  // style and layout of the new rows
                return performance.now() - started;""", words))
            # The reference, right after: 100 rows of 9 cells (as many as the page shows) built and laid out by plain DOM calls in
            # a box as wide as the journal, off screen — what any page pays for as many rows here, now.
            references.append(driver.execute_script("""
                const box = document.createElement('div');
                box.style.cssText = `position: absolute; left: -10000px; width: ${document.getElementById('journal').clientWidth}px`;
                const body = document.createElement('tbody');
                box.append(document.createElement('table'));
                box.firstChild.append(body);
                document.body.append(box);
                const started = performance.now();
                for (let row = 0; row < 100; row++) {
                    const line = document.createElement('tr');
                    for (let cell = 0; cell < 9; cell++) {
                        const item = document.createElement('td');
                        item.textContent = `reference ${row}.${cell}`;
                        line.append(item);
                    }
                    body.append(line);
                }
                box.getBoundingClientRect();
                const elapsed = performance.now() - started;
                box.remove();
                return elapsed;"""))
        arrived = driver.find_element(By.ID, "journal-summary").text
        wait.until(lambda d: d.find_element(By.ID, "journal-summary").text != arrived)
        check(True, "requests keep arriving while filters apply")
    finally:
        stop.set()
        traffic.join()
    # The filter's own work (matching 10,000 entries, rebuilding the 100 rows shown) and the layout of the
    # rows, as the user waits for them; the slowest of 10 mostly measures the machine's load.
    figure("activity page, median of 10 filters (rows rebuilt and laid out) with 50 requests/s arriving",
           sorted(timings)[len(timings) // 2], "ms", 100)
    figure("activity page, slowest of those 10 filters", max(timings), "ms")
    reference = sorted(references)[len(references) // 2]
    figure("reference: 100 plain rows built and laid out, median of 10 taken between the filters", reference, "ms")
    figure("activity page, filter median / reference median", sorted(timings)[len(timings) // 2] / reference, "")
    figure("load average (1 min) while measuring", os.getloadavg()[0], "")
    driver.save_screenshot(str(output / "activity-10000.png"))


if __name__ == "__main__":
    main()
