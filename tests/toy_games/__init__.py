"""Games that live outside boardgen, as a game from another package would: found through the entry point
`boardgen.games` (tests/boardgen_toy_games-1.0.dist-info), never listed in boardgen's own code."""
