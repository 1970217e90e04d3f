"""The web page (`boardgen serve`): the products in a browser, built from the same declarations as the command
line, for people who never open a terminal.

    app.py        the factory: settings, the guard, errors in words, one blueprint per area
    guard.py      the Host check, and changes only from the page itself (Origin, Referer, the form's token)
    words.py      the library's messages without the command line's words, long values cut, no server paths, in
                  the visitor's language
    language.py   the page's language (English, Danish, Italian): chosen, switched, its catalogue and numbers
    play.py       play a game with a rules engine: two at one screen or against the computer
    state.py      what the running page keeps (through current_app), and the one page helper
    products.py   the products' forms, live checks, downloads and previews
    job_pages.py  long work (options.Mode.JOB) as jobs, with progress
    positions.py  check a position, list and play its moves
    own_game.py   your own game file, its problems at their lines
    forms.py      a product's declared options as form fields
    query.py      a request's options, read by the declarations, with the command line's messages
    subjects.py   what an address names: a game, a sample, an upload, and a format
    uploads.py    the files people give the page, under tokens nobody can guess
    jobs.py       the queue: a few at a time, with progress, cancellable
    serve.py      the `serve` command: the page on this computer
"""
