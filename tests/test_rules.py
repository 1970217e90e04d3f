"""The rule sheets as a reader gets them: every topic, within the page limit, diagrams that agree with the rules."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run_cli
from pypdf import PdfReader
from registry import FOLDER_GAMES
from svg_helpers import marked_fields, svg_root

from boardgen.errors import BoardgenError
from boardgen.layout.flow import FigureRow, Heading
from boardgen.products.rule_sheet import parse_reference, parse_rules
from boardgen.products.templates import compiled_outline_text, rules_languages, rules_text

ROOT = Path(__file__).resolve().parent.parent

# Each topic the issue lists, as words that only a sheet covering it would contain.
TOPICS = {
    "en": {
        "setup, faces chosen or thrown": ["Setting up", "chooses the number", "throws their dice"],
        "throw, distance and face": ["distance", "the other for the", "number"],
        "moving with at most one turn": ["turn a corner once", "never diagonally"],
        "striking by the sum": ["6, 7 or 8"],
        "safe homelands": ["its own homeland", "can never be struck"],
        "where a struck die goes": ["start homeland, to a free field that you choose", "cannot strike"],
        "passing": ["pass"],
        "winning": ["wins", "all dice in the goal homeland"],
        "returning from the goal": ["already in your goal", "come back into play"],
        "no landing on your own die": ["never land on one of your own dice"],
        "homeland sizes as handicap": ["Homeland sizes as a handicap", "Small", "Large", "Mixed"],
        "more dice for the stronger": ["More dice for the stronger player", "8 against 6"],
        "rocade": ["Rocade", "shows 2", "swap"],
        "doubles": ["Doubles", "any distance from 1 to 6", "keep"],
        "matchstick-and-paper kit": ["Matches and paper", "zigzag", "equally likely"],
        "LEGO towers": ["LEGO towers", "36 bricks"],
        "credits": ["Thorleif Bundgaard", "2001", "Daniel Danzer", "2008", "Paul Habere", "2021"],
        "free copy notice": ["copy this game freely", "classrooms", "gifts"],
    },
    "da": {
        "setup, faces chosen or thrown": ["Opstilling", "vælger hver spiller selv",
                                          "kaster hver spiller sine terninger"],
        "throw, distance and face": ["afstand", "tal"],
        "moving with at most one turn": ["dreje én gang", "aldrig på skrå"],
        "striking by the sum": ["6, 7 eller 8"],
        "safe homelands": ["sit eget område", "aldrig slås hjem"],
        "where a struck die goes": ["ledigt felt som du vælger", "kan du ikke slå den hjem"],
        "passing": ["stå over"],
        "winning": ["vinder", "alle"],
        "returning from the goal": ["allerede står i dit mål", "tilbage i spillet"],
        "no landing on your own die": ["aldrig lande på en af dine egne terninger"],
        "homeland sizes as handicap": ["Områdets størrelse som handicap", "Lille", "Stort", "Blandet"],
        "more dice for the stronger": ["Flere terninger til den stærkere spiller", "8 mod 6"],
        "rocade": ["Rokade", "viser 2", "bytte"],
        "doubles": ["Ens terninger", "afstand fra 1 til 6", "behold"],
        "matchstick-and-paper kit": ["Tændstikker og papir", "zigzag", "lige sandsynlige"],
        "LEGO towers": ["LEGO-tårne", "36 klodser"],
        "credits": ["Thorleif Bundgaard", "2001", "Daniel Danzer", "2008", "Paul Habere", "2021"],
        "free copy notice": ["frit kopiere", "undervisning", "gave"],
    },
}
OPTIONS_HEADING = {"en": "Options: handicaps and extensions", "da": "Valgfrie regler: handicap og udvidelser"}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rules")
    made = {}
    for lang in ("en", "da"):
        for paper in ("a4", "letter"):
            path = folder / f"rules-{lang}-{paper}.pdf"
            result = run_cli("rules", "iacta", "--lang", lang, "--paper", paper, "-o", str(path))
            assert result.exit_code == 0, result.output
            pages = [" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages]
            made[lang if paper == "a4" else f"{lang}-{paper}"] = pages
    return made


@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_topic_is_covered(sheets, lang):
    text = " ".join(sheets[lang])
    missing = [f"{topic}: {word!r}" for topic, words in TOPICS[lang].items() for word in words if word not in text]
    assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_base_game_fits_two_pages_and_options_one(sheets, lang, paper):
    pages = sheets[lang if paper == "a4" else f"{lang}-{paper}"]
    options_page = next(i for i, text in enumerate(pages) if OPTIONS_HEADING[lang] in text)
    assert options_page <= 2, "the base game takes at most two pages"
    assert len(pages) - options_page == 1, "the options take exactly one page"


def _shape(game: str, lang: str) -> list:
    """The sheet's blocks, kind by kind, with the diagrams each row of figures draws."""
    blocks = parse_rules(rules_text(game, lang))
    return [(type(b).__name__, [f.source for f in b.figures] if isinstance(b, FigureRow) else None) for b in blocks]


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
def test_every_language_of_a_game_has_the_same_shape(game):
    """A translation has every heading, list and diagram of the English sheet, in the same order."""
    english = _shape(game, "en")
    for lang in FOLDER_GAMES[game].languages[1:]:
        assert _shape(game, lang) == english, lang


def test_the_registry_names_exactly_the_languages_the_templates_have():
    for game in FOLDER_GAMES.values():
        assert rules_languages(game.name) == sorted(game.languages)


def _references(lang: str, game: str = "iacta") -> list[str]:
    return re.findall(r"\]\((diagram:[^)]+)\)", rules_text(game, lang))


def _all_references() -> list[str]:
    found = set()
    for info in FOLDER_GAMES.values():
        for lang in info.languages:
            found |= set(_references(lang, info.name))
    return sorted(found)


def test_sheets_show_the_required_diagrams():
    sources = set(_references("en"))
    for needed in ("01-start.toml", "02-open-play-4-2.toml?moves", "03-strike-allowed.toml?moves",
                   "04-strike-refused-sum.toml?moves", "05-safe-in-homeland.toml?moves"):
        assert any(needed in source for source in sources), needed


@pytest.mark.parametrize("source", _all_references())
def test_every_diagram_is_a_valid_sample_with_the_engines_moves(in_tmp, source):
    reference = parse_reference(source)
    assert not reference.play, "extend this test to play moves before checking"
    game_name, _, name = reference.sample.partition("/")
    game = FOLDER_GAMES[game_name]
    if name == "start":  # the game's start, on the board the reference names: checked as a file piped in
        text = game.engine.rules.write(game.engine.rules.start(game.variant(reference.variant)))
        source_args: tuple[str, ...] = ("-",)
    else:
        text, source_args = None, (f"sample:{reference.sample}",)
    checked = run_cli("check", *source_args, "--json", input=text)
    assert checked.exit_code == 0
    report = json.loads(checked.output)
    # moves=b2+d2 marks two pieces' moves: the first's as the CLI's --from draws them, the second's as rings.
    first, _, second = (reference.only_from or "").partition("+")

    def reached_from(origin: str | None) -> set:
        found = set()
        for move in report["moves"]:
            if origin in (None, "", _origin_of_json_move(move)):
                found |= _fields_of_json_move(move)
        return found if reference.moves else set()

    expected = reached_from(first)
    args = ["diagram", *source_args, "-o", "d.svg"]
    if reference.moves:
        args.append("--moves")
    if first:
        args += ["--from", first]
    assert run_cli(*args, input=text).exit_code == 0
    crosses, framed = marked_fields(svg_root("d.svg"), game.default_field)
    assert crosses | framed == expected
    # And the rule sheet's own figure draws the same marks: two strokes per X, a frame round the rest.
    blocks = parse_rules(f"![x]({source})\n")
    figure = blocks[0].figures[0]
    roles = [shape.role for _, shapes in figure.scene.layers for shape in shapes]
    assert roles.count("move.target") == 2 * len(crosses)
    if second:  # rings on the second piece's empty targets that the first piece's moves do not mark
        from boardgen.products.rule_sheet import load_reference

        loaded = load_reference(reference, source)
        grid = loaded.position.variant.grid
        occupied = {grid.name(item.field) for item in loaded.presentation.items(loaded.position)}
        rings = reached_from(second) - expected - occupied
        assert roles.count("move.target.second") == len(rings) > 0
    assert (roles.count("move.frame") > 0) == bool(framed)


def _origin_of_json_move(move: dict) -> str | None:
    """Where the moving piece stands: a die's field, or the lowest-left field of a tile taken off."""
    if "from" in move:
        return move["from"]
    if move["kind"] == "remove":
        return move["tile"].split()[1]
    return None


def _fields_of_json_move(move: dict) -> set[str]:
    """The fields a move reaches, read from its JSON alone: a target, swapped squares, or a tile's fields."""
    if "to" in move:
        return {move["to"]}
    if "squares" in move:
        return set(move["squares"])
    if "tile" in move:
        owner_length, origin, direction = move["tile"].split()
        column, row = "abcdefghij".index(origin[0]), int(origin[1:])
        length = int(owner_length[1:])
        return {f"{'abcdefghij'[column + i]}{row}" if direction == "h" else f"{origin[0]}{row + i}"
                for i in range(length)}
    return set()


def test_rules_bad_input(in_tmp):
    for args in (("rules", "iacta", "--lang", "fr"), ("rules", "chess"), ("rules", "iacta", "--paper", "b4")):
        result = run_cli(*args)
        assert result.exit_code == 2 and result.output.count("\n") == 1, args
    assert "da, en" in run_cli("rules", "iacta", "--lang", "fr").output


@pytest.mark.dependency_output
def test_rules_pdf_is_repeatable_and_on_the_chosen_paper(in_tmp):
    for name in ("a.pdf", "b.pdf"):
        assert run_cli("rules", "iacta", "--paper", "letter", "-o", name).exit_code == 0
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()
    box = PdfReader("a.pdf").pages[0].mediabox
    assert float(box.width) == pytest.approx(215.9 * 72 / 25.4, abs=0.05)
    assert len(PdfReader("a.pdf").pages) <= 3


ALEA_TOPICS = {
    "en": ["setting up", "prison", "never jumps", "one less", "one more", "double", "sum stays the same",
           "A 3 on a 5 becomes a 6 on a 2", "controls", "tower", "step down", "cannot move", "free your prisoner",
           "three fields in a row", "tower of three of your own sixes", "the player who made it wins",
           "cannot move on their turn loses", "Mauro Giorgi"],
    "it": ["Preparazione", "prigione", "Non salta mai", "uno in meno", "uno in più", "doppio",
           "somma resta la stessa", "Un 3 su un 5 diventa un 6 su un 2", "controlla", "torre", "scendere",
           "non può muoversi", "liberare un tuo prigioniero", "tre caselle consecutive", "torre di tre tuoi sei",
           "vince chi l'ha fatta", "non può muovere", "Mauro Giorgi"],
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_alea_sheet_covers_every_rule(in_tmp, lang):
    result = run_cli("rules", "alea", "--lang", lang, "-o", "alea.pdf")
    assert result.exit_code == 0, result.output
    pages = [" ".join(page.extract_text().split()) for page in PdfReader("alea.pdf").pages]
    text = " ".join(pages).lower()
    missing = [word for word in ALEA_TOPICS[lang] if word.lower() not in text]
    assert not missing and len(pages) <= 3


def test_alea_sheet_shows_the_required_diagrams():
    sources = " ".join(_references("en", "alea"))
    for needed in ("02-reach-and-turn", "16-after-double-on-opponent", "05-tower", "07-free-from-prison-1",
                   "08-free-from-prison-2", "10-win-three-sixes", "11-win-tower-of-sixes"):
        assert needed in sources


ISAAC_TOPICS = {
    "en": ["Dark begins", "Tiles never overlap", "you pass", "at least as long as every tile you took off before",
           "no marker", "value × the number of other tiles", "× 2 if one marker", "× 4 if both",
           "never onto the other marker", "100 points", "greater total length", "the game is a draw",
           "a1 is Dark's 00",
           "j10 is Light's 00", "Emiliano Venturini"],
    "it": ["Inizia lo Scuro", "non si sovrappongono", "passi", "lunga almeno quanto tutte quelle che hai già tolto",
           "non ci sia un segnapunti", "valore × il numero di altre tessere", "× 2 se", "× 4 se",
           "mai sulla casella dell'altro segnapunti", "100 punti", "maggiore lunghezza totale", "la partita è patta",
           "a1 è lo 00 dello Scuro", "j10 è lo 00 del Chiaro", "Emiliano Venturini"],
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_isaac_sheet_covers_every_rule(in_tmp, lang):
    result = run_cli("rules", "isaac", "--lang", lang, "-o", "isaac.pdf")
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader("isaac.pdf").pages)
    missing = [word for word in ISAAC_TOPICS[lang] if word not in text]
    assert not missing
    sources = " ".join(_references(lang, "isaac"))
    for needed in ("02-placement", "03-worked-example", "04-one-marker-doubles", "06-marker-blocks-a-tile"):
        assert needed in sources


def test_a_diagram_can_be_the_start_plus_moves(in_tmp):
    reference = parse_reference("diagram:iacta/start?play=52:a3-c6=2&play=31:h1-h4=1&moves")
    assert reference.sample == "iacta/start" and reference.play == ("52:a3-c6=2", "31:h1-h4=1") and reference.moves
    blocks = parse_rules("![After two moves](diagram:iacta/start?play=52:a3-c6=2&play=31:h1-h4=1)\n")
    drawn = [shape for _, shapes in blocks[0].figures[0].scene.layers for shape in shapes
             if shape.role.startswith("die.")]
    assert len(drawn) == 12  # every die still on the board, two of them moved


def test_a_sample_that_follows_another_is_that_sample_plus_its_move():
    """Samples written as 'the one before, then this move' stay true to the engine."""
    from boardgen.engine.contract import play
    from boardgen.gamefiles.position_files import load_position
    from boardgen.products.templates import sample_bytes

    before = load_position(sample_bytes("alea/03-double-on-opponent"))
    after = load_position(sample_bytes("alea/16-after-double-on-opponent"))
    assert play(before.rules, before.position, ["h5^h3"]) == after.position


def test_a_rule_sheet_move_that_fails_names_the_diagram():
    with pytest.raises(BoardgenError, match="diagram:iacta/start.*a1-a9"):
        parse_rules("![x](diagram:iacta/start?play=52:a1-a9=2)\n")


# -- compiled outlines ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text_path", sorted((ROOT / "boardgen" / "templates" / "rules").glob("*.md")),
                         ids=lambda path: path.stem)
def test_every_compiled_outline_is_what_its_text_says_today(text_path):
    from boardgen.products.rule_text import outline_from_json, outline_of, source_digest

    game, lang = text_path.stem.split(".")
    compiled = compiled_outline_text(game, lang)
    stale = "run tools/regenerate.py after editing a rule text"
    assert compiled is not None, stale
    data = json.loads(compiled)
    text = text_path.read_text(encoding="utf-8")
    assert data["source_sha256"] == source_digest(text), stale
    assert outline_from_json(data["outline"]) == outline_of(text), stale


def test_a_text_its_compiled_outline_no_longer_matches_is_read_afresh(monkeypatch):
    import boardgen.products.rule_text as rule_text

    edited = rules_text("alea", "en").replace("# ALEA", "# ALEA, edited", 1)
    monkeypatch.setattr(rule_text, "rules_text", lambda game, lang: edited)
    _, outline = rule_text.rules_outline("alea", "en")
    assert outline[0] == Heading(1, (("ALEA, edited", False, False, False),))
    monkeypatch.undo()
    _, compiled = rule_text.rules_outline("alea", "en")
    assert compiled[0] == Heading(1, (("ALEA", False, False, False),))
    assert outline[1:] == compiled[1:]


SILENT = {"en": "Where the original is silent, boardgen plays", "da": "Hvor originalen tier, spiller boardgen sådan",
          "it": "Dove l'originale tace, boardgen gioca così"}


@pytest.mark.parametrize("text_path", sorted((ROOT / "boardgen" / "templates" / "rules").glob("*.md")),
                         ids=lambda path: path.stem)
def test_every_sheet_says_which_rules_are_boardgens_own(text_path):
    """The sheets of the games boardgen ships list the choices the sources leave open, apart from the rules."""
    lang = text_path.stem.split(".")[1]
    text = text_path.read_text(encoding="utf-8")
    if f"## {SILENT[lang]}" in text:  # a part of its own, with a list
        section = text.split(f"## {SILENT[lang]}")[1].split("\n## ")[0]
        assert section.count("\n- ") >= 2  # at least who begins and one other choice
    else:  # a one-page sheet: a paragraph of its own
        paragraph = text.split(f"**{SILENT[lang]}:**")[1].split("\n")[0]
        assert paragraph.count(",") + paragraph.count(";") >= 1


def test_the_alea_sheets_say_a_die_steps_down_only_onto_an_empty_field(in_tmp):
    for lang, words in (("en", ["only onto an **empty** field", "leave your opponent's die there"]),
                        ("it", ["solo verso una casella **vuota**", "lasciarvi bloccato il dado dell'avversario"])):
        text = (ROOT / "boardgen" / "templates" / "rules" / f"alea.{lang}.md").read_text(encoding="utf-8")
        assert all(word in text for word in words), lang


def test_no_study_or_sheet_credits_a_designer_with_boardgens_convention():
    from boardgen.simulate.studies import studies

    for study in studies().values():
        assert "rules give white the first move" not in study.question
        assert "rules let Dark place first" not in study.question


# -- balanced pages -------------------------------------------------------------------------------------------

def _fills(pdf: Path, paper: str) -> list[float]:
    """How far down its text area each page's text and diagrams reach, measured in the rendered PDF: the lowest
    ink above the footer, as a share of the text area's height."""
    from helpers import page_count, render_page

    from boardgen.layout.flow_pages import FOOTER, TEXT_INSET
    from boardgen.layout.paper import DEFAULT_MARGIN, PAPERS

    dpi = 40
    per_mm = dpi / 25.4
    frame = DEFAULT_MARGIN + TEXT_INSET
    height = PAPERS[paper].height - 2 * frame
    bottom = PAPERS[paper].height - DEFAULT_MARGIN - 0.6 - 2 * FOOTER.size  # above the footer's line
    fills = []
    for index in range(page_count(pdf)):
        pixels = render_page(pdf, index, dpi)
        rows = (pixels.min(axis=2) < 160).any(axis=1)
        inked = [y for y in range(round(frame * per_mm), round(bottom * per_mm)) if rows[y]]
        fills.append(((inked[-1] + 1) / per_mm - frame) / height if inked else 0.0)
    return fills


@pytest.mark.parametrize("game, lang", [(g.name, lang) for g in FOLDER_GAMES.values() for lang in g.languages])
@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_no_page_but_the_last_is_more_than_half_empty_and_the_last_not_under_a_third(in_tmp, game, lang, paper):
    assert run_cli("rules", game, "--lang", lang, "--paper", paper, "-o", "r.pdf").exit_code == 0
    fills = _fills(Path("r.pdf"), paper)
    assert all(fill >= 0.48 for fill in fills[:-1]), fills  # 2 % for the rendering's measure
    if len(fills) > 1:
        assert fills[-1] >= 0.31, fills


# -- what the sources say, and what is boardgen's own ----------------------------------------------------------

def _silent_part(game: str, lang: str) -> str:
    text = rules_text(game, lang)
    if f"## {SILENT[lang]}" in text:
        return text.split(f"## {SILENT[lang]}")[1].split("\n## ")[0]
    return text.split(f"**{SILENT[lang]}:**")[1].split("\n")[0]


# (game, lang): words its "silent" part must hold, words the rest of the sheet must hold, words nowhere on it
SOURCES = {
    ("iacta", "en"): (["How the dice start", "faces 1 to 6 from the corner out", "The pale fields",
                       "boardgen's own choice", "a throw of 1 and 1 gives none"],
                      ["**security border**", "dice on these fields cannot be stroken", "2008 and 2021",
                       "without saying the border was dropped", "lets a die on a pale field be struck: its own "
                       "choice", "To play the 2001 rule", "`--rule border=safe`",
                       "two of yours, two of your opponent's, or one of each"],
                      ["In 2021 they became"]),
    ("iacta", "da"): (["Hvordan terningerne starter", "tallene 1 til 6 fra hjørnet og ud", "De lyse felter",
                       "boardgens eget valg", "et kast med 1 og 1 giver ingen"],
                      ["**sikkerhedsgrænse**", "terninger på disse felter kan ikke slås væk", "2008 og 2021",
                       "uden at sige, at grænsen er droppet", "blive slået hjem: boardgens eget valg",
                       "spille reglen fra 2001", "`--rule border=safe`", "startområde", "målområde",
                       "to af dine, to af modstanderens eller én af hver"],
                      ["hjemland", "I 2021 blev de", "dine, modstanderens eller én af hver."]),
    ("alea", "en"): (["A tower in the prison", "top die step down alone", "only that a double can move out"],
                     ["The top die of a double you moved into the prison can step down",
                      "Either player may look at the numbers of the dice inside a double or a tower"],
                     ["A double you moved into the prison can step down"]),
    ("alea", "it"): (["Una torre in prigione", "far scendere da solo il dado in cima",
                      "solo che un doppio può uscire dalla prigione"],
                     ["da 1 a tante caselle quante il suo valore", "tante caselle quante il valore del dado superiore",
                      "fino a tante caselle quante il valore in cima",
                      "Il dado superiore di un doppio che hai portato in prigione può scendere",
                      "Entrambi i giocatori possono controllare quando vogliono i valori dei dadi che formano doppi "
                      "e torri"],
                     ["caselle quanto", "Un doppio che hai portato in prigione"]),
    ("stacktics", "en"): (["red first", "cannot move loses", "the swap only as the second move"],
                          ["between mcts:100 players", "between greedy ones"],
                          []),
}


@pytest.mark.parametrize(("game", "lang"), list(SOURCES))
def test_each_sheet_tells_the_sources_and_names_each_reading_of_its_own(game, lang):
    silent, said, unsaid = SOURCES[game, lang]
    text, part = rules_text(game, lang), _silent_part(game, lang)
    assert [word for word in silent if word not in part] == []
    assert [word for word in said if word not in text] == []
    assert [word for word in unsaid if word in text] == []


def test_a_full_tie_in_isaac_is_a_draw_wherever_it_is_told():
    from boardgen.games.isaac import rules as isaac_rules

    for told in (isaac_rules.__doc__ or "", (ROOT / "docs" / "positions.md").read_text(encoding="utf-8"),
                 rules_text("isaac", "en")):
        assert "then Dark" not in told
        assert "draw" in told


def test_a_stacktics_file_made_like_the_built_in_game_keeps_its_one_page_sheet(in_tmp):
    from helpers import page_count

    assert run_cli("new", "mine", "--like", "stacktics", "-o", "mine.toml").exit_code == 0
    for source, out in (("stacktics", "built-in.pdf"), ("mine.toml", "mine.pdf")):
        result = run_cli("rules", source, "-o", out)
        assert result.exit_code == 0, result.output
        assert page_count(Path(out)) == 1, source


@pytest.mark.parametrize("game, lang, credited", [
    ("fox-and-geese", "en", "Fox and Geese, a traditional game (1400)"),
    ("ur", "en", "Ur, designer unknown (rules after Irving Finkel, 2600 BC)"),
    ("iacta", "da", "IACTA, et spil af Thorleif Bundgaard (2001)"),
])
def test_a_rule_sheet_says_who_made_the_game_as_a_person_would(tmp_path, game, lang, credited):
    """The sheet's PDF names who made the game as the gift set's read-me does, in the sheet's language: "a
    traditional game", never "Traditional, 1400"."""
    path = tmp_path / "rules.pdf"
    result = run_cli("rules", game, "--lang", lang, "-o", str(path))
    assert result.exit_code == 0, result.output
    subject = PdfReader(str(path)).metadata.subject
    assert subject.endswith(credited) and "Traditional" not in subject and "Unknown" not in subject
