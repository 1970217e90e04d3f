"""Names vulture cannot see used: `vulture boardgen tools/vulture_whitelist.py` (in .ci/run) reports the rest.

Read by vulture, never run.  Every name here is used, but by name rather than by a Python reference.
"""
# ruff: noqa
# Loaded by name through a Loader or LazyFunction (games/registry.py): each game's parts.
PRESENTATION, STUDIES, random_position, kit, alea_board, iacta_board, isaac_board, stacktics_board
examples, move_fields  # a GameInfo part and a Presentation attribute that tests and benches read
# Products declared in products/declared/, found by name (products/declared/__init__.py: PRODUCTS).
BOARD, PIECES, DIAGRAM, BOX, NEW, GIFTSET, LEGO, LIST, CHECK, SIMULATE, STUDY, SERVE, REPORT
# click's Group methods the group overrides.
_.get_command, _.list_commands, _.format_commands, _.format_help_text, _.get_help_record
# Renderers found by name (render/registry.py: FORMATS).
pdf_files, png_files, svg_files, render_dxf, render_laser_svg
DRAWING_FORMATS  # read by the tests
# fontTools' pen protocol (draw/glyphs.py), called by fontTools.
_.moveTo, _.lineTo, _.qCurveTo, _.curveTo, endPath, _.addComponent, glyph_name, transformation
# ezdxf's layer colour and hatch style are set as attributes, read when it writes the file.
_.rgb, _.hatch_style
# Module __getattr__: engine's names load on first use (PEP 562).
__getattr__
# Used by the tests and by tools/ (the rule-sheet parser, the outline compiler, the seeded chooser).
parse_rules, outline_json, RandomChooser
# An outcome code for games that can end drawn (check --json reads codes by value).
DRAW
# The web page's routes and hooks, which Flask calls by their addresses (web/app.py, positions.py, own_game.py).
guarded, said_without_paths, said_in_words, a_bug, games_to_play, table_page, saved_position, _.secret_key
_.size_x, _.size_y  # a board's links, read by the play page's template
make_page, download, preview_image, start_job, job_page, job_status, cancel_job, job_file
job_chart, given_game, given_position, given_positions
_.suggestions  # read by the product page's template
_.external_attr  # zipfile reads it when it writes an entry's permissions
