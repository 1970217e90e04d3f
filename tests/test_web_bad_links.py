"""Every address the page answers, with the sweep's bad values in every part a link can carry: words, never a
server error (issue 47).  The routes come from the app itself, so a new page is swept without this file changing."""

from __future__ import annotations

import re
from urllib.parse import quote, urlencode

import pytest

from boardgen.products.play_session import pack
from boardgen.web.app import create_app

# A person opening a link (a top-level navigation from their own click): what the page answers to.
PERSON = {"Host": "127.0.0.1:8000", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate",
          "Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"}
# The sweep's values: not a position, not text, paths out, very deep and very long, a game file that is not one.
NOT_A_POSITION = ["!!!", "%%%%", 'variant = "8x3"', 'game = "../../etc/passwd"', 'game = "nope.toml"',
                  "[a]\n" + "x = [" * 20_000, "x" * 240_000]
BAD_WORDS = ["!!!", "%00", "\u202e", "x" * 3000, "../../etc/passwd", "up-0123456789abcdef", "sample:nope/x",
             "a.toml", "-1", "1e999", "ur#x", ""]
QUERY_KEYS = ["start", "s", "variant", "against", "side", "players", "from", "to", "move", "seed", "sig", "format",
              "dpi", "field", "lang"]


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def _get_rules() -> list[str]:
    app = create_app()
    return sorted(rule.rule for rule in app.url_map.iter_rules() if "GET" in rule.methods
                  and not rule.rule.startswith("/static"))


def _filled(rule: str, value: str) -> str:
    return re.sub(r"<(?:\w+:)?\w+>", quote(value, safe=""), rule)


def _said_in_words(response) -> None:
    text = response.get_data(as_text=True)
    assert response.status_code < 500, (response.status_code, text[:300])
    assert "Traceback" not in text and "/work/" not in text and "site-packages" not in text


@pytest.mark.parametrize("rule", _get_rules())
def test_every_address_with_bad_words_in_its_path_is_answered_in_words(client, rule):
    for value in BAD_WORDS:
        _said_in_words(client.get(_filled(rule, value), headers=PERSON))


@pytest.mark.parametrize("rule", _get_rules())
def test_every_address_with_bad_values_in_its_query_is_answered_in_words(client, rule):
    real = {"<name>": "ur", "<path:subject>": "ur", "<token>": "up-0123456789abcdef", "<job_id>": "nope"}
    address = rule
    for part, value in real.items():
        address = address.replace(part, value)
    for key in QUERY_KEYS:
        for value in BAD_WORDS[:6]:
            _said_in_words(client.get(f"{address}?{urlencode({key: value})}", headers=PERSON))


@pytest.mark.parametrize("text", NOT_A_POSITION, ids=range(len(NOT_A_POSITION)))
@pytest.mark.parametrize("game", ["ur", "iacta", "fox-and-geese"])
def test_a_start_that_is_not_a_position_is_refused_in_words_on_the_play_pages(client, game, text):
    for address in (f"/play/{game}", f"/play/{game}/position.toml"):
        for start in (pack(text), text[:2000]):
            response = client.get(f"{address}?{urlencode({'start': start})}", headers=PERSON)
            _said_in_words(response)
            assert response.status_code == 400


@pytest.mark.parametrize("text", NOT_A_POSITION, ids=range(len(NOT_A_POSITION)))
def test_a_game_file_pasted_on_the_page_that_is_not_one_is_refused_in_words(client, text):
    """The own-game page reads a pasted file's name before its reader checks it: never a 500 (20,000-deep
    nesting was one)."""
    response = client.post("/game", data={"text": text}, headers={**PERSON, "Origin": "http://127.0.0.1:8000"})
    _said_in_words(response)
    assert response.status_code in (400, 413, 503), response.status_code
