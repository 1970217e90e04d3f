"""The web page (`boardgen serve`): the products in a browser, built from the same declarations as the command
line, for people who never open a terminal.

    app.py        the pages and downloads, by address (Flask)
    query.py      a request's options, read by the declarations, with the command line's messages
    subjects.py   what an address names: a game, a sample, an upload, and a format
    uploads.py    the files people give the page, under tokens nobody can guess
    jobs.py       long work in a queue, with progress, cancellable
    work.py       what each page makes, by calling the library
    positions.py  check a position, list and play its moves
    own_game.py   your own game file, its problems at their lines
"""
