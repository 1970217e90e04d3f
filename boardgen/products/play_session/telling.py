"""What the table says in words, for people who never read a move's notation: who won and why, whose turn it is
with the dice or sticks still to use, what to tap, what the others did since (a placing, a removal, a sowing said
as such, a turn of several moves said as one), and a chosen piece's moves told apart by where they go and the die
they use.

A move's words come from its kind as the presentation names it (move_json's "kind": "place", "remove", "sow",
"pass", "stop") where that kind puts or takes one piece on one field; any other move is said by its notation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TypeVar

from ...engine.contract import Outcome, Position
from ...engine.grid import Field
from .session import Played, Step
from .sides import Side, capitalised
from .table import Table
from .throw import Throw, throw_of

P = TypeVar("P", bound=Position)
M = TypeVar("M")

MOST_TOLD = 12  # the most of the others' turns told since a person's last move; the rest are on the board
PLACE, ENTER, REMOVE, SOW, PASS, STOP, JUMP = "place", "enter", "remove", "sow", "pass", "stop", "jump"  # kinds
# What a move of no piece on the board onto one field did, by its kind: "placed a piece on d1".
ONTO: Mapping[str, str] = {PLACE: "placed a piece on", ENTER: "entered a piece on", REMOVE: "removed the piece on"}
# What a click on a piece's own field does where that plays its one move at once, by the move's kind (sowing
# takes every seed of the pit: the pit is the whole choice).
PLAYED_BY_ITS_FIELD: Mapping[str, str] = {SOW: "Tap one of your pits to sow its seeds."}


def named(text: str, sides: Sequence[Side]) -> str:
    """`text` with each player the rules name in it ("player 1") called by its side's words ("player 1 (red)")."""
    for side in sorted(sides, key=lambda side: -len(side.player)):
        if side.words != side.player:
            text = re.sub(rf"(?<![\w(]){re.escape(side.player)}(?![\w)])", side.words, text)
    return text


def outcome_words(outcome: Outcome, sides: Sequence[Side]) -> str:
    """Who won and why, in a sentence: "Player 2 (yellow, the computer) has won: all pieces finished."."""
    reason = named(outcome.reason, sides)
    if outcome.winner is None:
        return f"A draw: {reason}."
    winner = next((side.tagged for side in sides if side.player == outcome.winner), outcome.winner)
    return f"{capitalised(winner)} has won: {reason}."


def turn_words(mover: Side, throw: Throw | None, whole: bool = True) -> str:
    """"Player 1 (red) to move, with the throw 2."; with dice used one by one, part of the throw played: "Bottom
    (red) to move, with the 3 still to use."."""
    if throw is None:
        return f"{capitalised(mover.tagged)} to move."
    if whole:
        return f"{capitalised(mover.tagged)} to move, with the throw {throw.words}."
    left = f"the {throw.words}" if len(throw.values) == 1 else throw.words
    return f"{capitalised(mover.tagged)} to move, with {left} still to use."


def field_words(position: Position, field: Field) -> str:
    return position.variant.grid.name(field)


def move_words(position: Position, kind: str, notation: str, origin: Field | None,
               reached: Sequence[Field]) -> str:
    """What a move did, after "White ...": "placed a piece on d1", "entered a piece on a1", "removed the piece on
    b2", "sowed the seeds of c1", "moved the piece on j1 off the board", "passed"; "played c3xe5" for a move of any
    other kind."""
    if kind == PASS:
        return "passed"
    if kind == STOP:
        return "stopped jumping"
    if origin is None and len(reached) == 1 and kind in ONTO:
        return f"{ONTO[kind]} {field_words(position, reached[0])}"
    if kind == SOW and origin is not None:
        return f"sowed the seeds of {field_words(position, origin)}"
    if origin is not None and not reached:  # a piece borne off, or home: it reaches no field
        return f"moved the piece on {field_words(position, origin)} off the board"
    return f"played {notation}"


def taken_words(kind: str, captured: Sequence[str], flipped: int) -> str:
    """What a move took or turned, after its words: ", capturing the seeds of c1 and b1", ", capturing the piece
    on d4", ", turning over 3 pieces"; "" for none."""
    if captured and kind != REMOVE:  # a removal's words say what it took
        fields = in_words(captured)
        if kind == SOW:
            return f", capturing the seeds of {fields}"
        return f", capturing the piece on {fields}" if len(captured) == 1 else f", capturing the pieces on {fields}"
    if flipped:
        return f", turning over {flipped} piece{'s' if flipped > 1 else ''}"
    return ""


def in_words(names: Sequence[str]) -> str:
    """("c1", "b1", "a1") -> "c1, b1 and a1"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def told(played: Played[P, M], sides: Mapping[str, Side], again: str) -> tuple[str, ...]:
    """What happened since the player to move last moved, a sentence for each turn of the others (their throws
    and their moves, one after another); where they are in the middle of their own turn, what they did in it and
    `again`: what they do next ("moves again", "removes one of black's pieces")."""
    to_move = played.position.to_move
    turns: list[list[Step]] = []
    for step in played.played:  # a turn: one player's steps in a row (throws, moves, a removal, a chain of jumps)
        if turns and turns[-1][-1].player == step.player:
            turns[-1].append(step)
        else:
            turns.append([step])
    if turns and turns[-1][-1].player == to_move:
        ongoing = list(turns.pop())
        while ongoing and not ongoing[-1].move:
            ongoing.pop()  # the throw the player to move has: said with their turn
        if ongoing:  # the player to move has moved in this turn, and moves again
            done = said(played, ongoing, sides)
            return (f"{capitalised(done)}{',' if ',' in done else ''} and {again}.",)
    since: list[list[Step]] = []
    for turn in reversed(turns):
        if turn[-1].player == to_move:
            break
        since.insert(0, turn)
    sentences = [f"{capitalised(said(played, turn, sides))}." for turn in since[-MOST_TOLD:]]
    return tuple(sentences if len(since) <= MOST_TOLD else ["…", *sentences])


def said(played: Played[P, M], turn: Sequence[Step], sides: Mapping[str, Side]) -> str:
    """A turn in words: "player 2 (yellow, the computer) threw 4 and 3 and played m2-i2, then a2-c1"."""
    table = played.table
    player = turn[-1].player
    side = sides.get(player)
    who = side.tagged if side is not None else player
    parts: list[str] = []
    moved = True  # whether the last part said a move (a throw's part waits for its move)
    for step in turn:
        if step.throw:
            parts.append(f"threw {_throw_words(table, step.throw, player, side)}")
            moved = False
        if step.move:
            did = move_words(played.position, step.kind, step.move, step.origin, step.reached) + \
                taken_words(step.kind, step.captured, step.flipped)
            if not moved:
                parts[-1] += f" and {did}"
            elif parts and did.startswith("played ") and "played " in parts[-1]:
                parts.append(did.removeprefix("played "))  # "played m2-i2, then a2-c1"
            else:
                parts.append(did)
            moved = True
    return f"{who} {', then '.join(parts)}"


def _throw_words(table: Table[P, M], throw: str, player: str, side: Side | None) -> str:
    seat = table.players.index(player) + 1 if player in table.players else 1
    return throw_of(table.game, throw, seat, side.piece if side else "").words


def how_words(computer: bool, chosen: str, moving_on: bool, jumping: bool, spot_kinds: frozenset[str],
              kinds: frozenset[str], removals_only: bool, captures_only: bool, opponent: str) -> str:
    """What the person to move taps: the words beside whose turn it is.  `spot_kinds` are the links over the
    board (SpotKind's values), `kinds` the kinds of every legal move; `captures_only`: every one captures (so
    only the pieces that can capture are marked: compulsory capture, said as such)."""
    if computer:
        return "The computer is thinking."
    if chosen:
        if moving_on:
            return f"The piece on {chosen} {'jumps' if jumping else 'moves'} again: tap where it goes."
        return "Tap where it goes." if "to" in spot_kinds else "Choose its move below."
    if kinds == {PASS}:
        return "No move is possible: pass your turn below."
    if removals_only:
        return f"Tap one of {opponent} pieces to remove it."
    if "play" in spot_kinds:
        return next((how for kind, how in PLAYED_BY_ITS_FIELD.items() if kind in kinds), "Tap where to play.")
    if "from" in spot_kinds:
        return "You must capture: tap a piece, then where it goes." if captures_only else \
            "Tap a piece, then where it goes."
    if "to" in spot_kinds:
        return "Tap a marked field to place a piece there." if kinds <= {PLACE, PASS} else "Tap where it goes."
    return "Choose a move below."


def again_words(moving_on: bool, jumping: bool, removals_only: bool, opponent: str) -> str:
    """What the player who has just moved does next, in the middle of a turn."""
    if removals_only:
        return f"removes one of {opponent} pieces"
    if moving_on and jumping:
        return "jumps again"
    return "moves again"


def choice_words(position: Position, reached: Sequence[Field], die: str) -> str:
    """A chosen piece's move as the page lists it: "to c3", "off the board", with the die it uses, if known
    ("off the board with the 5")."""
    where = f"to {field_words(position, reached[-1])}" if reached else "off the board"
    return f"{where} with the {die}" if die else where


def used_die(before: str | None, after: str | None, same_player: bool) -> str:
    """The die a move used, where dice are used one by one: the number `before` (the dice still to use, "54") has
    and `after` ("4") has not; "" where it cannot be told (the turn over with dice lost)."""
    if before is None:
        return ""
    if not same_player or after is None:
        return before if len(before) == 1 else ""
    left = list(after)
    gone = []
    for digit in before:
        if digit in left:
            left.remove(digit)
        else:
            gone.append(digit)
    return gone[0] if len(gone) == 1 else ""


def possessive(name: str) -> str:
    """"black" -> "black's"; "geese" stays a plural's "geese's"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
