"""The page in the club's language: Danish and Italian beside English, chosen by the browser's Accept-Language or
by the switch on every page (kept in the session, back on the same address), every word of the page's own in
both catalogues (web.po), the declared labels and sentences and the library's messages beside a field said in the
visitor's language, and numbers written with the language's marks."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_python
from babel.messages.pofile import read_po
from jinja2.ext import babel_extract

from boardgen.options import Kind, OptionError
from boardgen.products.declared import product
from boardgen.web import words
from boardgen.web.app import create_app
from boardgen.web.language import LOCALE, languages, number
from boardgen.web.query import offered
from boardgen.web.state import offered_products
from boardgen.web.words import for_people, label_of

WEB = Path(words.__file__).parent
TEMPLATES = WEB / "templates"
# The play pages' words are their own helper's to translate (issue 47): their templates are read once that is done.
NOT_YET = {"play.html", "play_list.html"}
TRANSLATED = [code for code in languages() if code != "en"]
HOST = {"Host": "127.0.0.1:8000"}
SAME = {**HOST, "Origin": "http://127.0.0.1:8000"}
DANISH = {**HOST, "Accept-Language": "da-DK,da;q=0.9,en;q=0.5"}
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}


def _catalogue(code: str):
    with (LOCALE / code / "LC_MESSAGES" / "web.po").open("rb") as handle:
        return read_po(handle)


def _extracted() -> dict[tuple[str | None, str], list[str]]:
    """Every message the page's templates and modules say through gettext (and mark with N_), by (context, msgid),
    with where: what Babel's extractors (Jinja's for the templates) find."""
    found: dict[tuple[str | None, str], list[str]] = {}
    sources = [(path, babel_extract, {"extensions": "jinja2.ext.i18n"}) for path in sorted(TEMPLATES.glob("*.html"))]
    sources += [(path, extract_python, {}) for path in sorted(WEB.glob("*.py"))]
    for path, extract, options in sources:
        with path.open("rb") as handle:
            for _, function, message, _ in extract(handle, KEYWORDS, [], options):
                messages = message if isinstance(message, tuple) else (message,)
                context = messages[0] if function == "pgettext" else None
                text = messages[1] if function == "pgettext" else messages[0]
                if isinstance(text, str):  # not a variable: gettext(text) of a text given to it
                    found.setdefault((context, text), []).append(path.name)
    return found


def _declared() -> set[str]:
    """The declared English words the page shows and looks up as it shows them: each offered product's title,
    sentence and link, each offered option's label and sentence."""
    found = set()
    for name in offered_products():
        declared = product(name)
        found |= {declared.title, declared.sentence, declared.subject_link}
        for option in offered(declared):
            found |= {label_of(option), option.sentence}
    return found - {""}


PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_word_the_page_says_has_a_translation_in_each_catalogue(code):
    catalogue = _catalogue(code)
    wanted = {**_extracted(), **{(None, text): ["a declaration"] for text in _declared()}}
    missing, wrong = [], []
    for (context, text), where in sorted(wanted.items(), key=str):
        message = catalogue.get(text, context=context)
        strings = () if message is None else message.string if isinstance(message.string, tuple) else \
            (message.string,)
        if message is None or message.fuzzy or not all(strings):
            missing.append(f"{text!r} ({', '.join(sorted(set(where)))})")
            continue
        said = {placeholder for string in strings for placeholder in PLACEHOLDER.findall(string)}
        if said != set(PLACEHOLDER.findall(message.id if isinstance(message.id, str) else " ".join(message.id))):
            wrong.append(f"{text!r}: {strings}")
    assert missing == [], f"{code}/web.po lacks {len(missing)}: " + "; ".join(missing)
    assert wrong == [], f"{code}/web.po says other placeholders: " + "; ".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_catalogue_holds_no_words_the_page_no_longer_says(code):
    said = set(_extracted()) | {(None, text) for text in _declared()}
    kept = {(message.context, message.id if isinstance(message.id, str) else message.id[0])
            for message in _catalogue(code) if message.id}
    assert sorted(kept - said, key=str) == []


class _Words(HTMLParser):
    """The words of a template outside Jinja's tags: its text (not its style or script) and the attributes people
    read (alt, title, aria-label, placeholder).  `files`: a file's text shown as it is (a game file in its box, a
    position), which is the file's, not the page's, is left out too."""

    def __init__(self, files: bool = False) -> None:
        super().__init__()
        self.found: list[str] = []
        self._code = 0
        self._apart = ("style", "script", "textarea", "pre") if files else ("style", "script")

    def handle_starttag(self, tag, attrs):
        self._code += tag in self._apart
        self.found += [value for name, value in attrs if name in ("alt", "title", "aria-label", "placeholder")
                       and value]

    def handle_endtag(self, tag):
        self._code -= tag in self._apart

    def handle_data(self, data):
        if not self._code:
            self.found.append(data)


@pytest.mark.parametrize("template", sorted(path.name for path in TEMPLATES.glob("*.html") if path.name not in NOT_YET))
def test_no_template_of_the_page_has_a_word_outside_gettext(template):
    source = (TEMPLATES / template).read_text(encoding="utf-8")
    source = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", source, flags=re.DOTALL)
    reader = _Words()
    reader.feed(source)
    untranslated = [text.strip() for text in reader.found if re.search(r"[^\W\d_]", text.replace("boardgen", ""))]
    assert untranslated == []


# -- which language ------------------------------------------------------------------------------------------------

def _language(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def _h1(page: str) -> str:
    return html.unescape(re.search(r"<h1>(.*?)</h1>", page, re.DOTALL).group(1)).strip()


@pytest.mark.parametrize(("accepted", "code", "heading"), [
    ("da-DK,da;q=0.9,en-US;q=0.8", "da", "Lav et spil til at printe, skære eller spille"),
    ("it-IT,it;q=0.9", "it", "Crea un gioco da stampare, tagliare o giocare"),
    ("nb-NO,nb;q=0.9,da;q=0.5", "da", "Lav et spil til at printe, skære eller spille"),
    ("de-DE,de;q=0.9", "en", "Make a game to print, cut or play"),
    (None, "en", "Make a game to print, cut or play"),
])
def test_the_browsers_language_chooses_the_pages(accepted, code, heading):
    client = create_app().test_client()
    answer = client.get("/", headers={**HOST, **({"Accept-Language": accepted} if accepted else {})})
    page = answer.get_data(as_text=True)
    assert (_language(page), _h1(page)) == (code, heading)
    assert "Accept-Language" in answer.headers.get("Vary", "")


def _switch(client, page: str, code: str, headers=SAME):
    """The switch on `page` pressed for `code`, as the browser sends its form."""
    form = re.search(r'<form class="language".*?</form>', page, re.DOTALL).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    assert f'name="language" value="{code}"' in form
    return client.post("/language", data={**{key: html.unescape(value) for key, value in fields.items()},
                                          "language": code}, headers=headers)


def test_the_switch_is_on_every_page_and_keeps_its_language_across_pages():
    client = create_app().test_client()
    english = {**HOST, "Accept-Language": "en-GB,en;q=0.9"}
    address = "/make/board?subject=alea&palette=cud"
    page = client.get(address, headers=english).get_data(as_text=True)
    switched = _switch(client, page, "da")
    assert (switched.status_code, switched.headers["Location"]) == (303, address)  # back where it was pressed
    page = client.get(address, headers=english).get_data(as_text=True)
    assert (_language(page), _h1(page)) == ("da", "Et bræt til print")  # the switch over the browser's wish
    assert '<option value="cud" selected>' in page  # the same address: the same choices
    for elsewhere, heading in (("/positions", "Tjek en stilling"), ("/game", "Dit eget spil"), ("/nowhere", "Ikke her"),
                               ("/make/report", "Er mit spil fair? En rapport")):
        page = client.get(elsewhere, headers=english).get_data(as_text=True)
        assert (_language(page), _h1(page)) == ("da", heading), elsewhere
        assert 'class="language"' in page
    page = client.get("/positions", headers=english).get_data(as_text=True)
    assert _switch(client, page, "it").headers["Location"] == "/positions"
    italian = client.get("/", headers=DANISH).get_data(as_text=True)
    assert _h1(italian) == "Crea un gioco da stampare, tagliare o giocare"
    _switch(client, page, "en")
    assert _language(client.get("/", headers=DANISH).get_data(as_text=True)) == "en"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:x",
                                    "/make/board\r\nSet-Cookie: x=1", ""])
def test_the_switch_goes_back_only_to_the_pages_own_addresses(target):
    client = create_app().test_client()
    answer = client.post("/language", data={"language": "da", "next": target}, headers=SAME)
    assert (answer.status_code, answer.headers["Location"]) == (303, "/")


def test_the_switch_is_refused_from_another_sites_page_and_an_unknown_language_changes_nothing():
    client = create_app().test_client()
    refused = client.post("/language", data={"language": "da", "next": "/"},
                          headers={**HOST, "Origin": "http://evil.example"})
    assert refused.status_code == 403
    assert _language(client.get("/", headers=HOST).get_data(as_text=True)) == "en"
    client.post("/language", data={"language": "xx", "next": "/"}, headers=SAME)
    assert _language(client.get("/", headers=HOST).get_data(as_text=True)) == "en"


def test_the_switch_on_a_page_for_a_bad_address_goes_back_to_it_unless_it_is_a_pasted_page_of_text():
    client = create_app().test_client()

    def back(address: str) -> str:
        page = client.get(address, headers=HOST).get_data(as_text=True)
        return html.unescape(re.search(r'<input type="hidden" name="next" value="([^"]*)"', page).group(1))

    assert back("/nowhere?at=all") == "/nowhere?at=all"
    assert back("/make/" + "x" * 300) == "/"
    assert "x" * 100 not in client.get("/make/" + "x" * 300, headers=HOST).get_data(as_text=True)


# -- what a page says ------------------------------------------------------------------------------------------------

def _english_words(code: str) -> list[str]:
    """The catalogue's English sentences whose translation differs, without placeholders: none may be on a page."""
    return [message.id for message in _catalogue(code) if isinstance(message.id, str) and message.id
            and message.string != message.id and not PLACEHOLDER.search(message.id) and len(message.id) > 4
            and message.context is None]


def _text(page: str) -> str:
    """What a person reads on a page: its text and the attributes read out, without style and script."""
    reader = _Words(files=True)
    reader.feed(page)
    return html.unescape(" \n ".join(reader.found))


DANISH_PAGES = ["/", *[f"/make/{name}" for name in offered_products()], "/positions", "/game", "/nowhere",
                "/make/board?made=1&subject=iacta&margin=99,5&field=abc&paper=a9"]


@pytest.mark.parametrize("address", DANISH_PAGES)
def test_a_page_in_danish_has_none_of_the_pages_english_words(address):
    page = create_app().test_client().get(address, headers=DANISH).get_data(as_text=True)
    shown = _text(page)
    left = [text for text in _english_words("da") if re.search(rf"(?<!\w){re.escape(text)}(?!\w)", shown)]
    assert left == []


def test_a_job_started_in_danish_says_its_page_in_danish():
    client = create_app().test_client()
    form = client.get("/make/simulate?subject=alea", headers=DANISH).get_data(as_text=True)
    assert ">Start</button>" in form and "Antal spil" in form
    started = client.post("/jobs/simulate", data={"subject": "alea", "games": "10", "made": "1"},
                          headers={**SAME, "Accept-Language": "da"})
    assert started.status_code == 303
    page = client.get(started.headers["Location"], headers=DANISH).get_data(as_text=True)
    assert re.search(r"Annullér|Færdig\.|Venter", page)
    shown = _text(page)
    assert [text for text in _english_words("da") if re.search(rf"(?<!\w){re.escape(text)}(?!\w)", shown)] == []


def test_a_danish_form_says_its_labels_help_and_errors_in_danish_with_decimal_commas():
    client = create_app().test_client()
    page = client.get("/make/board?made=1&subject=iacta&margin=99,5&field=abc&dpi=2", headers=DANISH)
    errors = dict(re.findall(r'<div class="error" id="error-([\w-]+)"[^>]*>([^<]+)</div>', page.get_data(as_text=True)))
    assert {name: html.unescape(text) for name, text in errors.items()} == {
        "margin": "99,5 er uden for området: giv en værdi fra 0 til 50 mm",
        "field": "'abc' er ikke et tal",
        "dpi": "2 er uden for området: giv en værdi fra 30 til 1200 dpi"}
    text = page.get_data(as_text=True)
    assert '<label for="margin">Margen (mm)</label>' in text
    assert "Hvor tæt på papirets kant din printer kan printe." in text
    giftset = client.get("/make/giftset", headers=DANISH).get_data(as_text=True)
    assert re.search(r'id="card" value="0,3" data-default="0,3"', giftset)  # the default with a decimal comma
    assert re.search(r'id="kerf" value="0,1" data-default="0,1"', giftset)
    # ... and read back as the same number: at its default, it asks for nothing
    answer = client.get("/check/giftset?subject=iacta&card=0,3&kerf=0,1", headers=DANISH).json
    assert answer["errors"] == {} and "card=" not in answer["download"] and "kerf=" not in answer["download"]
    checked = client.get("/check/board?subject=iacta&kerf=0,2", headers=DANISH).json
    assert checked["errors"] == {"kerf": "Gælder kun for laserfiler: slå “Skær på en laserskærer” til"}
    idle = client.get("/check/board?subject=iacta", headers=DANISH).json["idle"]
    assert (idle["dpi"], idle["kerf"]) == ("angiver kun opløsningen af PNG-filer",
                                           "gælder kun for laserfiler: slå “Skær på en laserskærer” til")


@pytest.mark.parametrize(("code", "value", "shown"), [
    ("en", 15.8, "15.8"), ("da", 15.8, "15,8"), ("it", 15.8, "15,8"), ("en", 10000, "10,000"),
    ("da", 10000, "10.000"), ("it", 1234.5, "1.234,5"), ("da", 0.3, "0,3")])
def test_numbers_are_written_the_languages_way(code, value, shown):
    with create_app().test_request_context("/", headers={**HOST, "Accept-Language": code}):
        assert number(value) == shown


def _library_messages():
    """What the library says of bad values, straight from the declarations: each offered option's message for text
    that is not its kind, and for a number beyond its range (the shapes words.py knows must match them)."""
    found = {}
    for name in offered_products():
        declared = product(name)
        for option in offered(declared):
            bad = {Kind.NUMBER: ["abc", "1e9", "nan"], Kind.INTEGER: ["abc", "2.5", "99999999"],
                   Kind.FLAG: ["maybe"], Kind.CHOICE: ["zzz"], Kind.TEXT: ["x" * 5000]}.get(option.kind, [])
            for text in bad:
                try:
                    option.convert(text)
                except OptionError as error:
                    found[(name, option.name, str(error))] = declared
    return found


def test_the_librarys_messages_beside_a_field_are_said_in_danish_and_italian():
    app = create_app()
    messages = _library_messages()
    assert len(messages) > 50
    english = re.compile(r"\b(is not|outside the range|give a|characters long|did you mean)\b")
    for code in TRANSLATED:
        with app.test_request_context("/", headers={**HOST, "Accept-Language": code}):
            left = [(name, option, said) for (name, option, message), declared in messages.items()
                    for said in (for_people(message, declared, beside=option), for_people(message, declared))
                    if english.search(said)]
        assert left == [], code


def test_a_quoted_value_a_visitor_typed_is_never_translated():
    with create_app().test_request_context("/", headers=DANISH):
        assert words.said("'Paper' is not a number") == "'Paper' er ikke et tal"
        assert words.said("'svg or dxf' is not one of pdf, svg") == "'svg or dxf' er ikke en af pdf, svg"
        assert words.said("a sentence no catalogue knows, about “Paper”") == \
            "a sentence no catalogue knows, about “Papir”"  # only the label in it


@pytest.mark.parametrize("code", TRANSLATED)
def test_why_an_option_means_nothing_is_said_in_the_language_on_every_form(code):
    """The live check's reasons for the options greyed out (the laser's without the laser, the paper's with it),
    for every product's form, and its refusals of choices that do not go together: none in the library's
    English."""
    client = create_app().test_client()
    english = re.compile(r"\b(applies|apply|only|use it|add|is for|takes|files are|has no|options are)\b")
    left = {}
    for name in offered_products():
        subject = "sample:iacta/01-start" if name == "diagram" else "iacta-border" if name == "study" else "iacta"
        asks = ["", "laser=true", "for=laser", "format=png", "format=dxf", "laser=true&format=pdf", "kerf=0.2",
                "quick=true&games=10", "from=e4"]
        for ask in asks:  # an option the form has not is refused too: "board has no option 'games'"
            answer = client.get(f"/check/{name}?subject={subject}&{ask}",
                                headers={**HOST, "Accept-Language": code}).json
            for field, said in {**answer["idle"], **answer["errors"]}.items():
                if english.search(said):
                    left[(name, ask, field)] = said
    assert left == {}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_texts_other_modules_give_the_page_whole_are_said_in_the_language(code):
    """A title or a message another module writes in English (words.WHOLE), said by the page in the language, with
    its capital when it starts a message beside a field."""
    with create_app().test_request_context("/", headers={**HOST, "Accept-Language": code}):
        unsaid = [text for text in words.WHOLE if words.said(text) == text]
        uncapitalised = [text for text in words.WHOLE
                         if not words.said(text[:1].upper() + text[1:])[:1].isupper()]
    assert (unsaid, uncapitalised) == ([], [])
