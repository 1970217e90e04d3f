"""A format-neutral drawing: shapes in millimetres, each with a style role.

Coordinates have their origin at the top-left corner and y grows downwards,
as on a printed page read from the top.  A palette later turns each role
into concrete colours and patterns; renderers only ever see resolved shapes.
"""

from typing import Literal, NamedTuple

# Shapes are NamedTuples: as immutable as frozen dataclasses, but a board has
# hundreds of them and a NamedTuple class costs a sixth as much to define,
# which matters for a command that starts a fresh process every time.  For the
# same reason, modules that define NamedTuples do without `from __future__
# import annotations`: typing.NamedTuple compiles every annotation written as a
# string, a dozen microseconds a field.  Names used before they exist are quoted.

Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]

# Layer names, in drawing order.  SVG output turns them into editor layers, so
# a laser-cutter user can hide the text or the calibration bar in one click.
LAYERS: tuple[str, ...] = ("fields", "lines", "marks", "text", "calibration")


class Box(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> Point:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def moved(self, dx: float, dy: float) -> "Box":
        return Box(self.x + dx, self.y + dy, self.width, self.height)

    def grown(self, by: float) -> "Box":
        return Box(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def contains(self, other: "Box", tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )



class Rect(NamedTuple):
    box: Box
    role: str


class Polygon(NamedTuple):
    points: tuple[Point, ...]
    role: str


class Polyline(NamedTuple):
    points: tuple[Point, ...]
    role: str


class Circle(NamedTuple):
    centre: Point
    radius: float
    role: str


class Text(NamedTuple):
    """One line of text; (x, y) is the anchor point on the baseline."""

    position: Point
    text: str
    size: float  # em size in millimetres
    role: str
    anchor: Anchor = "middle"
    bold: bool = False
    rotation: float = 0.0  # degrees, clockwise as seen on the page
    italic: bool = False


class Placed(NamedTuple):
    """Another scene drawn inside this one: moved, optionally scaled and clipped.

    Pages use it to put a board on paper, to show one tile of a large board,
    and to shrink a board onto an overview page.
    """

    scene: "Scene"
    offset: Point
    scale: float = 1.0
    clip: Box | None = None  # in the placed scene's own coordinates


Shape = Rect | Polygon | Polyline | Circle | Text | Placed


class Scene(NamedTuple):
    width: float
    height: float
    layers: tuple[tuple[str, tuple[Shape, ...]], ...]
    title: str = ""

    def shapes(self, layer: str) -> tuple[Shape, ...]:
        for name, shapes in self.layers:
            if name == layer:
                return shapes
        return ()


class SceneBuilder:
    """Collects shapes layer by layer, then freezes them into a Scene."""

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width, self.height, self.title = width, height, title
        self._layers: dict[str, list[Shape]] = {name: [] for name in LAYERS}

    def add(self, layer: str, *shapes: Shape) -> None:
        if layer not in self._layers:
            raise ValueError(f"unknown layer {layer!r}; layers are {', '.join(LAYERS)}")
        self._layers[layer].extend(shapes)

    def extend(self, scene: Scene) -> None:
        """Copy another scene's shapes layer by layer, keeping its layers top-level."""
        for name, shapes in scene.layers:
            self.add(name, *shapes)

    def build(self) -> Scene:
        layers = tuple((name, tuple(shapes)) for name, shapes in self._layers.items() if shapes)
        return Scene(self.width, self.height, layers, self.title)


def text_baseline(centre_y: float, size: float) -> float:
    """Baseline that puts digits and capitals visually centred on centre_y."""
    return centre_y + 0.355 * size
