"""The colours that tell a laser program what to do with each path (see draw.laser for what each one gets).

Kept apart from draw.laser so the command line can list the conventions
without loading the geometry.
"""

from typing import NamedTuple


class LaserColours(NamedTuple):
    name: str
    description: str
    cut: str
    inner_cut: str
    score: str
    engrave: str
    in_words: str  # for a read-me: "red is cut, ..."


LASER_COLOURS = {
    "rgb": LaserColours("rgb", "red cut, blue score, black engrave (LightBurn, LaserGRBL, most laser programs)",
                        "#FF0000", "#FF0000", "#0000FF", "#000000",
                        "red is cut, blue is scored and black is engraved"),
    "boxes": LaserColours("boxes", "as boxes.py: black outer cut, blue inner cut, green score, cyan engrave",
                          "#000000", "#0000FF", "#00FF00", "#00FFFF",
                          "blue (inside) and black (outside) are cut, green is scored and cyan is engraved"),
}


# How a board's zones (start, goal, special fields) go on wood.  Engraving is the default: a hatch of scored
# lines over every zone is metres of slow vector work (9.5 m on an IACTA plate).
ZONE_MODES = {
    "engrave": "engraved: a field of a strong zone filled, of a light zone framed, told apart as on a mono print",
    "hatch": "scored hatching, as the black-and-white print shows it (slow: metres of lines)",
    "none": "left plain: only the grid, the labels and the marks",
}
