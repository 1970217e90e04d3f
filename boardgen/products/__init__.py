"""What a user asks for: boards, diagrams, pieces, rule sheets, LEGO lists and check reports.

Each product makes documents (pages and the file names they want);
`document.render_document` turns them into bytes through the format
registry, and `writer.write_files` writes a set of them whole or not at all.
"""
