"""The questions IACTA's designer left open, as studies `boardgen study` answers."""

from ...engine.studies import Arm, StudySpec

# More than six dice need a large homeland, so extra dice are measured with both homelands large.
_BOTH_LARGE = (("homeland.red", "large"), ("homeland.yellow", "large"))

STUDIES: tuple[StudySpec, ...] = (
    StudySpec("iacta-handicap", "iacta", "IACTA: what is a handicap worth?",
              "Bundgaard offers handicaps, a large homeland for the weaker player and more dice for the stronger, "
              "but never measured what either is worth. Here two equal (greedy) players play and yellow's win rate "
              "is measured: with a large homeland for yellow against equal terms, and with red carrying one or two "
              "extra dice against both homelands large (more than six dice need a large homeland).",
              "rate_b", ("greedy", "greedy"),
              (Arm("Equal terms", "10x10"),
               Arm("A large homeland for yellow", "10x10", (("homeland.yellow", "large"),)),
               Arm("Both homelands large", "10x10", _BOTH_LARGE, compare_with=2),
               Arm("Red with 7 dice", "10x10", (("dice.red", "7"), *_BOTH_LARGE), compare_with=2),
               Arm("Red with 8 dice", "10x10", (("dice.red", "8"), *_BOTH_LARGE), compare_with=2)),
              250, 10, answer="compare", baseline="on equal terms"),
    StudySpec("iacta-doubles", "iacta", "IACTA: does the doubles rule shorten the endgame?",
              "Bundgaard's optional rule for doubles \"may help to get the final pieces into one of the few free "
              "spots at the end\". Here two equal (greedy) players play with the rule off, with doubles thrown again "
              "('throw') and with doubles kept ('keep'), and the games' lengths are compared.",
              "length", ("greedy", "greedy"),
              (Arm("No doubles rule", "10x10", (("doubles", "off"),)),
               Arm("Doubles thrown again", "10x10", (("doubles", "throw"),)),
               Arm("Doubles kept", "10x10", (("doubles", "keep"),))),
              300, 12, answer="compare", baseline="with no doubles rule"),
)

STUDIES += (
    StudySpec("iacta-border", "iacta", "IACTA: what does the 2001 safe border change?",
              "The 2001 page calls the lighter fields a security border where no die can be struck; the 2021 "
              "clarifications make them part of a large homeland instead. Here two equal (greedy) players play "
              "both readings with small homelands, and the games' lengths are compared.",
              "length", ("greedy", "greedy"),
              (Arm("The 2021 reading", "10x10"),
               Arm("The 2001 safe border", "10x10", (("border", "safe"),))),
              300, 12, answer="compare", baseline="with the 2021 reading"),
)
