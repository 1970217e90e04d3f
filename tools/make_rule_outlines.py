"""Write the compiled outline beside every rule text: boardgen/templates/rules/<game>.<lang>.outline.json.

A rule sheet reads its text's compiled outline instead of importing the
Markdown parser (see boardgen/products/rule_text.py); tests/test_rules.py
checks that every outline is still what its text says.  Run after editing a
rule text:

    .venv/bin/python tools/make_rule_outlines.py
"""

from __future__ import annotations

from pathlib import Path

from boardgen.products.rule_text import outline_json

RULES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "rules"


def main() -> None:
    for text_path in sorted(RULES.glob("*.md")):
        target = text_path.with_name(text_path.name.removesuffix(".md") + ".outline.json")
        target.write_text(outline_json(text_path.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"wrote {target}")


if __name__ == "__main__":
    main()
