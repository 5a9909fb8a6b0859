#!/usr/bin/env python3
"""Print the mark shapes of web/idiagram.css: one SVG per kind of move mark, as CSS rules.

Each shape is drawn twice over: a wide white stroke (the halo) under the kind's colour with a
black outline, so it stays readable on light and dark squares and on light and dark piece
art; the kinds differ by shape, not only by colour. Paste the output over the rules after
".idg-sq::before, .idg-swatch::before { z-index: 2; }" in web/idiagram.css.
"""

import math


def svg(body):
    """A CSS url() of an SVG in a 100x100 view box."""
    s = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>" + body + "</svg>"
    for a, b in (("#", "%23"), ("<", "%3C"), (">", "%3E"), ('"', "'")):
        s = s.replace(a, b)
    return 'url("data:image/svg+xml,' + s + '")'


def shape(element, color, halo=16, line=6):
    """`element` (with an {a} for its paint) haloed in white, filled, outlined in black."""
    return element.format(
        a=f"fill='none' stroke='#fff' stroke-width='{halo}' stroke-linejoin='round'"
    ) + element.format(a=f"fill='{color}' stroke='#000' stroke-width='{line}' stroke-linejoin='round'")


def path(d):
    return "<path d='" + d + "' {a}/>"


def star(points, outer, inner):
    """A star with `points` points, the first straight up."""
    corners = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        corners.append(f"{50 + r * math.cos(a):.0f} {50 + r * math.sin(a):.0f}")
    return "M" + " L".join(corners) + " Z"


def polygon(n, r, turn):
    corners = [
        f"{50 + r * math.cos(2 * math.pi * i / n + turn):.0f} {50 + r * math.sin(2 * math.pi * i / n + turn):.0f}"
        for i in range(n)
    ]
    return "M" + " L".join(corners) + " Z"


PLUS = "M42 24 H58 V42 H76 V58 H58 V76 H42 V58 H24 V42 H42 Z"
# An X: the plus turned by 45 degrees about the centre.
CROSS = "<g transform='rotate(45 50 50)'>" + path(PLUS) + "</g>"
CORNERS = "M3 3 H36 L3 36 Z M97 3 H64 L97 36 Z M3 97 H36 L3 64 Z M97 97 H64 L97 64 Z"


def barred(color):
    ring = "<circle cx='50' cy='50' r='24' fill='none' stroke='{c}' stroke-width='{w}'/>"
    bar = "<path d='M33 67 L67 33' stroke='{c}' stroke-width='{w}' stroke-linecap='round'/>"
    return "".join(
        ring.format(c=c, w=w) + bar.format(c=c, w=w) for c, w in (("#fff", 18), ("#000", 10), (color, 4))
    )


def ring(color):
    circle = "<circle cx='50' cy='50' r='41' fill='none' stroke='{c}' stroke-width='{w}'/>"
    return "".join(circle.format(c=c, w=w) for c, w in (("#fff", 16), ("#000", 10), (color, 4)))


def question(cx, cy, r, size):
    return (
        f"<circle cx='{cx}' cy='{cy}' r='{r + 4}' fill='#fff'/>"
        f"<circle cx='{cx}' cy='{cy}' r='{r}' fill='#1565e0' stroke='#000' stroke-width='4'/>"
        f"<text x='{cx}' y='{cy + size * 0.36:.0f}' font-family='sans-serif' font-weight='bold' "
        f"font-size='{size}' text-anchor='middle' fill='#fff'>?</text>"
    )


SHAPES = {
    "move": shape("<circle cx='50' cy='50' r='15' {a}/>", "#2fb52f"),
    "capture": shape(path(CORNERS), "#ff3b3b", 10, 5),
    "both": shape(path("M50 24 L76 50 L50 76 L24 50 Z"), "#ffd400"),
    "transit": shape(path(PLUS), "#19d3e6"),
    "stop": shape(path(polygon(8, 24, math.pi / 8)), "#ff3b3b"),
    "locust": shape(CROSS, "#ff4fd8"),
    "screen": ring("#ffe14d"),
    "hop": shape(path("M50 22 L78 72 H22 Z"), "#b28cff"),
    "initial": shape("<rect x='30' y='30' width='40' height='40' {a}/>", "#3d9bff"),
    "block": shape("<rect x='22' y='41' width='56' height='18' {a}/>", "#a0a0a0"),
    "castle": shape(path("M28 74 V30 H38 V38 H46 V30 H54 V38 H62 V30 H72 V74 Z"), "#3d9bff"),
    "hop-capture": shape(path("M50 78 L78 28 H22 Z"), "#e0559a"),
    "illegal": barred("#aaa"),
}

for kind, body in SHAPES.items():
    print(f".idg-{kind}::after {{ background-image: {svg(body)}; }}")
print(f".idg-both.idg-leap::after {{ background-image: {svg(shape(path(star(4, 30, 11)), '#ff8a00'))}; }}")
print(f".idg-hover::before {{ background-image: {svg(question(79, 21, 15, 25))}; }}")
print(
    '.idg-sq[data-mark="hover"]::before, .idg-swatch[data-mark="hover"]::before '
    f"{{ background-image: {svg(question(50, 50, 21, 34))}; }}"
)
