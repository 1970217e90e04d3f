"""The web page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium): a
board made by choosing a game, a palette and a paper, with the preview following and the downloaded PDF the
command line's; a position checked and a move played by clicking it; a broken game file's problem shown at its
line.  Skipped, saying why, where no Chromium is installed.

The README's screenshots come from here: BOARDGEN_SCREENSHOTS=docs/images pytest tests/test_web_browser.py
"""

from __future__ import annotations

import os
import random
import re
import shutil
import threading
from pathlib import Path

import pytest
from helpers import run_cli
from play_helpers import random_game
from registry import FOLDER_GAMES, GAMES

from boardgen.products.play_session import pack

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


def _until(condition, seconds: float = 120.0):
    """What `condition` gives once it is true: Selenium's own wait for the page, with a bound generous enough for a
    loaded 2-core machine, which still fails a page that never gets there."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(None, seconds, poll_frequency=0.05).until(lambda _: condition(),
                                                                    "the page did not get there in time")


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
    Select(browser.find_element(By.ID, "subject")).select_by_value("stacktics")
    stacktics = [variant.name for variant in FOLDER_GAMES["stacktics"].variants]
    # Read in one script: the page replaces the list's options while the game changes.
    boards = "return [...document.getElementById('variant-list').options].map(option => option.value)"
    _until(lambda: browser.execute_script(boards) == stacktics)  # the chosen game's boards to pick from
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


PHONE = (375, 667)
WIDE = (1280, 900)
# Every kind of page: the start, a quick product's form, a long one's, games to play, a game, positions, your game.
PAGES = ["/", "/make/board", "/make/report", "/play", "/play/stacktics", "/positions", "/game",
         "/play/backgammon?s=6666:&s=e1-l1", "/play/nine-mens-morris?s=a1&s=b2&s=d1&s=b4&s=g1"]


def _size(browser, size: tuple[int, int]) -> None:
    browser.set_window_size(*size)
    _until(lambda: browser.execute_script("return window.innerWidth") <= size[0])


def _serious_findings(browser) -> list[str]:
    from axe_selenium_python import Axe

    axe = Axe(browser)
    axe.inject()
    found = axe.run()
    return [f"{v['id']} ({v['impact']}): {v['help']}: {[n['target'] for n in v['nodes']][:3]}"
            for v in found["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("address", PAGES)
def test_a_page_fits_a_phone_and_passes_axe(server, browser, address, tmp_path):
    try:
        _size(browser, PHONE)
        browser.get(f"{server}{address}")
        _until(lambda: browser.execute_script("return document.readyState") == "complete")
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        assert wide <= PHONE[0], f"{address} is {wide} px wide on a {PHONE[0]} px screen"
        assert _serious_findings(browser) == []
        if address in ("/make/board", "/play/stacktics") or address.startswith("/play/backgammon"):
            _screenshot(browser, f"phone-{address.split('?')[0].strip('/').replace('/', '-')}", tmp_path)
        _size(browser, WIDE)
        assert _serious_findings(browser) == []
    finally:
        _size(browser, (1280, 1000))


def test_the_preview_is_beside_the_form_on_a_wide_screen_and_above_the_choices_on_a_phone(server, browser):
    from selenium.webdriver.common.by import By

    try:
        for size in (WIDE, PHONE):
            _size(browser, size)
            browser.get(f"{server}/make/board?subject=alea")
            preview = browser.find_element(By.ID, "preview")
            _until(lambda shown=preview: shown.get_attribute("data-for"))
            _until(lambda shown=preview: browser.execute_script("return arguments[0].naturalWidth", shown) > 0)
            picture = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", preview)
            palette = browser.execute_script(
                "return document.getElementById('palette').getBoundingClientRect().toJSON()")
            form = browser.execute_script(
                "return document.getElementById('product-form').getBoundingClientRect().toJSON()")
            if size == WIDE:
                assert picture["left"] >= form["right"] and picture["top"] < size[1]  # beside, in sight
            else:
                assert picture["bottom"] <= palette["top"] and picture["top"] < size[1]  # above the choices
                browser.execute_script("arguments[0].scrollIntoView()", browser.find_element(By.ID, "paper"))
                moved = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", preview)
                assert 0 <= moved["top"] < size[1] / 2  # and kept in sight while the choices below change it
    finally:
        _size(browser, (1280, 1000))


def _click_until_the_end(browser, address: str, most: int) -> str:
    """Click a piece, then where it goes (or a move in words); or a field that plays at once (a pit sown, a piece
    placed or removed, the next jump of a piece that jumps on); or a move in words; until the page says who won."""
    from selenium.webdriver.common.by import By

    rng = random.Random(11)
    browser.get(address)
    for _ in range(most):
        outcome = browser.find_elements(By.ID, "outcome")
        if outcome:
            return outcome[0].text
        pieces = browser.find_elements(By.CSS_SELECTOR, "#board a.spot.from")
        direct = browser.find_elements(By.CSS_SELECTOR, "#board a.spot.play, #board a.spot.to")
        if pieces:
            rng.choice(pieces).click()
            targets = browser.find_elements(By.CSS_SELECTOR, "#board a.spot.to")
            words = browser.find_elements(By.CSS_SELECTOR, "#choices a")
            rng.choice(targets or words).click()
            words = browser.find_elements(By.CSS_SELECTOR, "#choices a")
            if words and "from=" in browser.current_url:  # several moves to one field: one of them
                rng.choice(words).click()
        elif direct:
            rng.choice(direct).click()
        else:
            rng.choice(browser.find_elements(By.CSS_SELECTOR, "#unplaced a")).click()
    raise AssertionError(f"no end after {most} moves")


def test_a_whole_game_of_stacktics_is_played_by_clicking_the_board(server, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/play/stacktics")
    browser.find_element(By.CSS_SELECTOR, "#board a.spot.from").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#board a.spot.to")
    _screenshot(browser, "play", tmp_path)
    assert " won" in _click_until_the_end(browser, f"{server}/play/stacktics?against=greedy", 200)


def _near_the_end(name: str, seed: int, plies: int = 16) -> str:
    """A random game's position a few plies before its end, where a throw is due (in a game of throws), packed for
    a link's start: a whole race clicked through is a few hundred pages."""
    rules = GAMES[name].engine.rules
    positions = list(random_game(rules, random.Random(seed)))
    throws = rules.throw_due(positions[0])
    return pack(rules.write(next(position for position in positions[-plies:]
                                 if rules.outcome(position) is None and (rules.throw_due(position) or not throws))))


def test_a_game_of_ur_a_game_file_is_played_to_its_end_by_clicking(server, browser):
    if "ur" not in GAMES or GAMES["ur"].engine is None:
        pytest.skip("Ur, a shipped game file with a rules engine, is not here")
    start = _near_the_end("ur", 3, plies=40)
    assert " won: " in _click_until_the_end(browser, f"{server}/play/ur?against=greedy&start={start}", 400)


def test_a_mill_is_made_and_a_piece_removed_by_clicking(server, browser):
    """Nine Men's Morris: white places the third man of a row, the page says what happens next, and a click on
    one of black's men removes it."""
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/play/nine-mens-morris?s=a1&s=b2&s=d1&s=b4")  # white's a1 and d1: g1 makes a mill
    browser.find_element(By.CSS_SELECTOR, '#board a.spot.to[data-field="g1"]').click()
    assert _until(lambda: browser.find_element(By.ID, "how").text) == "Tap one of black's pieces to remove it."
    assert browser.find_element(By.ID, "told").text == "White placed a piece on g1 and removes one of black's pieces."
    spots = browser.find_elements(By.CSS_SELECTOR, "#board a.spot")
    assert sorted(spot.get_attribute("data-field") for spot in spots) == ["b2", "b4"]  # black's men, nothing else
    browser.find_element(By.CSS_SELECTOR, '#board a.spot.to[data-field="b2"]').click()
    assert _until(lambda: browser.find_element(By.ID, "told").text) == \
        "White placed a piece on g1, then removed the piece on b2."
    assert browser.find_element(By.CSS_SELECTOR, "#turn b").text == "Black to move."


def test_a_backgammon_turn_is_played_die_by_die_by_clicking(server, browser):
    """Two people at one screen: each die a move of its own, chosen by where the checker goes; the throw's picture
    keeps the dice still to use; when both are used the page throws for the other player."""
    from selenium.webdriver.common.by import By

    def throw() -> str:
        return browser.find_element(By.ID, "throw").get_attribute("alt")

    browser.get(f"{server}/play/backgammon?s=43:")
    assert throw() == "the throw: 4 and 3"
    browser.find_element(By.CSS_SELECTOR, '#board a.spot.from[data-field="e1"]').click()
    targets = _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#board a.spot.to"))
    assert sorted(target.get_attribute("data-field") for target in targets) == ["i1", "j1"]  # by the 3, by the 4
    browser.find_element(By.CSS_SELECTOR, '#board a.spot.to[data-field="j1"]').click()  # the 4
    assert _until(lambda: throw()) == "the throw: 3"
    assert browser.find_element(By.CSS_SELECTOR, "#turn b").text == "Bottom (red) to move, with the 3 still to use."
    browser.find_element(By.CSS_SELECTOR, '#board a.spot.from[data-field="h1"]').click()
    browser.find_element(By.CSS_SELECTOR, '#board a.spot.to[data-field="k1"]').click()  # the 3: a point made
    turn = _until(lambda: browser.find_element(By.CSS_SELECTOR, "#turn b").text)
    assert turn.startswith("Top (yellow) to move, with the throw ")
    assert browser.find_element(By.ID, "told").text == "Bottom (red) threw 4 and 3 and played e1-j1, then h1-k1."


def test_a_game_against_the_computer_is_played_by_tapping_on_a_phone(server, browser, tmp_path):
    """Ur on a 375 px screen: a piece tapped, then where it goes; the computer's answer framed on the board and
    told in words before the next turn; every link a finger's width; the page no wider than the phone."""
    from selenium.webdriver.common.by import By

    rng = random.Random(5)
    try:
        _size(browser, PHONE)
        browser.get(f"{server}/play/ur?against=greedy")
        for tapped in range(40):  # a few moves, until the last was the computer's (not mine again, off a rosette)
            told = browser.find_elements(By.ID, "told")
            if tapped >= 3 and told and "the computer)" in told[0].text.split(".")[-2]:
                break
            pieces = browser.find_elements(By.CSS_SELECTOR, "#board a.spot.from")
            if pieces:
                rng.choice(pieces).click()
                assert browser.find_elements(By.CSS_SELECTOR, "#board a.spot.chosen")
            targets = browser.find_elements(By.CSS_SELECTOR, "#board a.spot.to") or \
                browser.find_elements(By.CSS_SELECTOR, "#choices a, #unplaced a")
            rng.choice(targets).click()
            _until(lambda: browser.execute_script("return document.readyState") == "complete")
        told = browser.find_element(By.ID, "told").text
        assert "Top row (yellow, the computer) threw " in told and re.search(" (played|entered|moved|passed)", told)
        assert browser.find_element(By.ID, "turn").text.startswith("Bottom row (red) to move, with the throw")
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        assert wide <= PHONE[0], f"the play page is {wide} px wide on a {PHONE[0]} px screen"
        for spot in browser.find_elements(By.CSS_SELECTOR, "#board a.spot"):
            room = browser.execute_script(
                "const box = arguments[0].getBoundingClientRect(), after = getComputedStyle(arguments[0], '::after');"
                "return [parseFloat(after.width), parseFloat(after.height),"
                " document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === arguments[0]];", spot)
            assert room[0] >= 40 and room[1] >= 40 and room[2], room
        board = browser.find_element(By.CSS_SELECTOR, "#board img").rect
        assert board["width"] <= PHONE[0] and board["x"] >= 0
        _screenshot(browser, "phone-play-ur", tmp_path)
        assert _serious_findings(browser) == []
    finally:
        _size(browser, (1280, 1000))


def test_the_board_page_in_danish_by_the_switch_fits_a_phone_and_passes_axe(server, browser, tmp_path):
    """The language switch pressed on a phone: the same address again in Danish, its labels, help, menu and the
    live check's message beside a field in Danish with a decimal comma; Danish's longer words no wider than the
    screen, and axe clean.  The choice is kept for the next page."""
    from selenium.webdriver.common.by import By

    try:
        _size(browser, PHONE)
        browser.get(f"{server}/make/board?subject=alea")
        browser.find_element(By.CSS_SELECTOR, 'form.language button[value="da"]').click()
        # asked of the page as it is at that moment: an element found on the page being left goes stale
        _until(lambda: browser.execute_script("return document.readyState === 'complete' && "
                                              "document.documentElement.lang") == "da")
        assert browser.current_url == f"{server}/make/board?subject=alea"
        assert browser.find_element(By.TAG_NAME, "h1").text == "Et bræt til print"
        assert browser.find_element(By.CSS_SELECTOR, 'label[for="field"]').text == "Feltstørrelse (mm)"
        assert browser.find_element(By.CSS_SELECTOR, "details.menu summary").text == "Menu"
        preview = browser.find_element(By.ID, "preview")
        _until(lambda: preview.get_attribute("data-for"))
        margin = browser.find_element(By.ID, "margin")
        margin.clear()
        margin.send_keys("99,5")
        said = "99,5 er uden for området: giv en værdi fra 0 til 50 mm"
        _until(lambda: browser.find_element(By.ID, "error-margin").text == said)
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        assert wide <= PHONE[0], f"the Danish board page is {wide} px wide on a {PHONE[0]} px screen"
        beyond = browser.execute_script(
            "return [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length"
            " && e.getBoundingClientRect().right > innerWidth + 0.5).map(e => e.tagName + '#' + e.id)")
        assert beyond == []
        assert _serious_findings(browser) == []
        browser.execute_script("window.scrollTo(0, 0)")
        _screenshot(browser, "phone-make-board-da", tmp_path)
        browser.get(f"{server}/positions")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Tjek en stilling"
    finally:
        browser.delete_all_cookies()  # the next test's page in its browser's own language again
        _size(browser, (1280, 1000))
