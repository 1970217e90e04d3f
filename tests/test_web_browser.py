"""The web page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium): a
board made by choosing a game, a palette and a paper, with the preview following and the downloaded PDF the
command line's; a position checked and a move played by clicking it; a broken game file's problem shown at its
line.  Skipped, saying why, where no Chromium is installed.

The README's screenshots come from here: BOARDGEN_SCREENSHOTS=docs/images pytest tests/test_web_browser.py
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest
from helpers import run_cli

from boardgen.games import GAMES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="needs Chromium and its driver: apt-get install chromium chromium-driver")


@pytest.fixture(scope="module")
def server():
    from waitress import create_server

    from boardgen.web.app import create_app

    served = create_server(create_app(), host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{served.effective_port}"
    served.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(argument)
    downloads = tmp_path_factory.mktemp("downloads")
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.downloads = downloads
    yield driver
    driver.quit()


def _screenshot(browser, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("BOARDGEN_SCREENSHOTS", tmp_path))
    browser.save_screenshot(str(folder / f"web-{name}.png"))
    assert (folder / f"web-{name}.png").stat().st_size > 10_000


def _until(condition, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("the page did not get there in time")


def test_a_board_chosen_in_the_form_previews_and_downloads_as_the_command_line_makes_it(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(f"{server}/make/board")
    preview = browser.find_element(By.ID, "preview")
    first = _until(lambda: preview.get_attribute("data-for"))
    Select(browser.find_element(By.ID, "subject")).select_by_value("alea")
    Select(browser.find_element(By.ID, "palette")).select_by_value("cud")
    Select(browser.find_element(By.ID, "paper")).select_by_value("letter")
    wanted = "/preview/board/alea.pdf?palette=cud&paper=letter"
    _until(lambda: preview.get_attribute("data-for") == wanted)
    assert first != wanted
    assert _until(lambda: browser.find_element(By.ID, "pages").text) == "1 page of LETTER"
    width, height = (browser.execute_script("return arguments[0].naturalWidth", preview),
                     browser.execute_script("return arguments[0].naturalHeight", preview))
    assert abs(height / width - 11 / 8.5) < 0.02  # the Letter page, at its proportions
    link = browser.find_element(By.ID, "download")
    assert link.get_attribute("href") == f"{server}/download/board/alea.pdf?palette=cud&paper=letter"
    _screenshot(browser, "board", tmp_path)
    boards = browser.find_element(By.ID, "variant-list")
    Select(browser.find_element(By.ID, "subject")).select_by_value("stacktics")
    stacktics = [variant.name for variant in GAMES["stacktics"].variants]
    _until(lambda: [option.get_attribute("value") for option in boards.find_elements(By.TAG_NAME, "option")]
           == stacktics)  # the chosen game's boards to pick from
    Select(browser.find_element(By.ID, "subject")).select_by_value("alea")
    _until(lambda: preview.get_attribute("data-for") == wanted)
    field = browser.find_element(By.ID, "field")
    field.send_keys("3")
    assert "outside the range" in _until(lambda: browser.find_element(By.ID, "error-field").text)
    field.clear()
    _until(lambda: browser.find_element(By.ID, "error-field").text == "")
    link.click()
    downloaded = _until(lambda: [p for p in browser.downloads.glob("*.pdf")])
    assert run_cli("board", "alea", "--palette", "cud", "--paper", "letter",
                   "-o", str(tmp_path / "cli.pdf")).exit_code == 0
    assert _until(lambda: downloaded[0].read_bytes() == (tmp_path / "cli.pdf").read_bytes())


def test_a_position_is_checked_and_a_move_played_by_clicking_it(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(f"{server}/positions")
    Select(browser.find_element(By.ID, "sample")).select_by_value("sample:iacta/02-open-play-4-2")
    browser.find_element(By.ID, "check").click()
    moves = _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#moves a"))
    before = browser.find_element(By.ID, "summary").text
    _until(lambda: browser.execute_script("return document.getElementById('diagram').naturalWidth") > 0)
    _screenshot(browser, "position", tmp_path)
    moves[0].click()
    after = _until(lambda: browser.find_elements(By.ID, "summary"))[0].text
    assert before != after and "to move" in after


def test_a_broken_game_file_shows_its_problem_at_its_line(server, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/game")
    text = browser.find_element(By.ID, "text")
    browser.execute_script("arguments[0].value = arguments[1]", text, '[about]\nname = "Mine"\nyeer = 3\n')
    browser.find_element(By.ID, "read").click()
    problems = _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#problems li"))
    assert any(p.text.startswith("line 3, column 1: unknown key 'yeer'") for p in problems)
    bad = browser.find_elements(By.CSS_SELECTOR, "ol.lines li.bad")
    assert "yeer = 3" in [line.text for line in bad]
    _screenshot(browser, "game", tmp_path)
