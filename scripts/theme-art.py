#!/usr/bin/env python3
"""Draws the art of the two shipped themes as SVG and renders it to PNG.

    scripts/theme-art.py            # write SVG sources and render PNGs
    scripts/theme-art.py --svg-only # only the SVG sources

Writes `assets/themes/<theme>/src/*.svg` (the sources, committed) and the
PNGs the game loads next to them (`bugs/`, `tiles/`, `overlays/`). Needs
`rsvg-convert` (Debian/Ubuntu: `apt-get install librsvg2-bin`). All art is
drawn here from circles, ellipses and paths: it is the project's own.

Conventions (see the README's "Modding" section): bug icons are 256x256 with
the bug facing up; tiles, shadows and overlays are 222x256 (a pointy-topped
hex cell's bounding box) with the tile's top face centred at (111, 124) and
its thickness drawn as a band below it.
"""

import math
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "assets" / "themes"

ICON = 256
TILE_W, TILE_H = 222, 256
FACE_C = (111.0, 124.0)
FACE_R = 112.0
BAND = 9.0

BUGS = ["queen", "ant", "grasshopper", "spider", "beetle", "mosquito", "ladybug", "pillbug"]

# Default theme: one full-colour icon per bug, the same on both sides.
# (fill, darker fill, highlight)
HUES = {
    "queen": ("#f4b81c", "#c98a0a", "#ffe28a"),
    "ant": ("#3f82ec", "#2356b4", "#9cc2ff"),
    "grasshopper": ("#52b83e", "#2e7f22", "#a8e59a"),
    "spider": ("#a0693a", "#6b4220", "#d9a577"),
    "beetle": ("#9257d8", "#5e2e9c", "#c9a6f2"),
    "mosquito": ("#9aa1aa", "#5d636c", "#d9dde2"),
    "ladybug": ("#e23a2e", "#a41d17", "#ff9a90"),
    "pillbug": ("#3fa7ae", "#25707a", "#9fdfe3"),
}
INK = "#1d1813"


class Pal:
    """How one icon is coloured."""

    def __init__(self, fill, fill2, light, line, detail, wing, lw, halo=None):
        self.fill = fill
        self.fill2 = fill2
        self.light = light
        self.line = line
        self.detail = detail
        self.wing = wing
        self.lw = lw
        self.halo = halo


def default_pal(bug):
    fill, fill2, light = HUES[bug]
    return Pal(fill, fill2, light, INK, INK, "rgba(255,255,255,0.78)", 6, "rgba(255,255,255,0.55)")


def contrast_pal(fg, bg):
    """High contrast: a solid silhouette in `fg` with details cut in `bg`."""
    return Pal(fg, fg, None, fg, bg, fg, 7)


def pts(points):
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def mirror(points):
    return [(ICON - x, y) for x, y in points]


class Icon:
    """Collects the layers of one bug icon."""

    def __init__(self, pal):
        self.p = pal
        self.legs = []  # polylines drawn under the body
        self.body = []  # svg elements
        self.over = []  # details on top

    def leg(self, points, width=9, both=True):
        self.legs.append((points, width))
        if both:
            self.legs.append((mirror(points), width))

    def svg(self):
        p = self.p
        out = [self._legs_svg(p.line, p.fill2, 0),
               f'<g stroke="{p.line}" stroke-width="{p.lw}" stroke-linejoin="round">'
               + "".join(self.body) + "</g>"]
        out.extend(self.over)
        defs = ""
        group = "<g>"
        if p.halo:
            # A light rim around the whole bug so its dark outline still
            # reads on dark tiles.
            defs = ('<defs><filter id="halo" x="-10%" y="-10%" width="120%" height="120%">'
                    '<feMorphology in="SourceAlpha" operator="dilate" radius="4" result="grown"/>'
                    '<feGaussianBlur in="grown" stdDeviation="1.5" result="soft"/>'
                    f'<feFlood flood-color="{p.halo}"/>'
                    '<feComposite in2="soft" operator="in" result="rim"/>'
                    '<feMerge><feMergeNode in="rim"/><feMergeNode in="SourceGraphic"/></feMerge>'
                    '</filter></defs>')
            group = '<g filter="url(#halo)">'
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{ICON}" height="{ICON}" '
                f'viewBox="0 0 {ICON} {ICON}">{defs}{group}' + "".join(out) + "</g></svg>\n")

    def _legs_svg(self, outer, inner, extra):
        p = self.p
        s = []
        for points, width in self.legs:
            s.append(f'<polyline points="{pts(points)}" fill="none" stroke="{outer}" '
                     f'stroke-width="{width + p.lw + extra}" stroke-linecap="round" stroke-linejoin="round"/>')
        if not extra and inner != outer:
            for points, width in self.legs:
                s.append(f'<polyline points="{pts(points)}" fill="none" stroke="{inner}" '
                         f'stroke-width="{width - 1}" stroke-linecap="round" stroke-linejoin="round"/>')
        return "".join(s)


def ellipse(cx, cy, rx, ry, fill, rot=0, extra=""):
    t = f' transform="rotate({rot} {cx} {cy})"' if rot else ""
    return f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="{fill}"{t} {extra}/>'


def circle(cx, cy, r, fill, extra=""):
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" {extra}/>'


def path(d, fill, extra=""):
    return f'<path d="{d}" fill="{fill}" {extra}/>'


def gloss(p, cx, cy, rx, ry, rot=0):
    if not p.light:
        return ""
    return ellipse(cx, cy, rx, ry, p.light, rot, 'opacity="0.55" stroke="none"')


def queen(p):
    i = Icon(p)
    i.leg([(110, 108), (80, 88), (70, 64)])
    i.leg([(106, 120), (72, 126), (56, 142)])
    i.leg([(108, 132), (82, 160), (78, 190)])
    i.leg([(118, 72), (98, 50), (86, 50)], width=5)
    for side in (1, -1):
        cx = 128 - side * 44
        i.body.append(ellipse(cx, 112, 42, 21, p.wing, side * 28))
    i.body.append(ellipse(128, 172, 36, 52, p.fill))
    i.body.append(path("M 120 222 L 128 240 L 136 222 Z", p.fill2))
    i.body.append(circle(128, 116, 25, p.fill2))
    i.body.append(circle(128, 80, 18, p.fill2))
    i.body.append(path("M 108 68 L 104 38 L 117 50 L 128 30 L 139 50 L 152 38 L 148 68 Z",
                       p.fill))
    i.over.append(f'<clipPath id="abd"><ellipse cx="128" cy="172" rx="33" ry="49"/></clipPath>')
    i.over.append('<g clip-path="url(#abd)">'
                  + "".join(f'<rect x="80" y="{y}" width="96" height="12" fill="{p.detail}"/>'
                            for y in (150, 174, 198)) + "</g>")
    i.over.append(gloss(p, 116, 150, 9, 14, 20))
    i.over.append(circle(128, 48, 5, p.detail))
    return i


def ant(p):
    i = Icon(p)
    i.leg([(116, 98), (84, 80), (72, 52)])
    i.leg([(114, 110), (78, 114), (52, 128)])
    i.leg([(116, 122), (86, 150), (72, 198)])
    i.leg([(118, 56), (100, 34), (78, 28)], width=5)
    i.leg([(118, 48), (110, 34)], width=6)
    i.body.append(ellipse(128, 182, 32, 42, p.fill))
    i.body.append(ellipse(128, 136, 9, 9, p.fill2))
    i.body.append(ellipse(128, 108, 15, 26, p.fill2))
    i.body.append(ellipse(128, 66, 25, 22, p.fill))
    i.over.append(gloss(p, 116, 168, 9, 16, 20))
    i.over.append(gloss(p, 118, 58, 7, 6))
    i.over.append(circle(112, 62, 4.5, p.detail))
    i.over.append(circle(144, 62, 4.5, p.detail))
    return i


def grasshopper(p):
    i = Icon(p)
    i.leg([(114, 86), (94, 72), (88, 48)], width=7)
    i.leg([(114, 100), (88, 108), (76, 126)], width=7)
    i.leg([(84, 206), (74, 244)], width=6)
    i.leg([(120, 50), (96, 22), (70, 8)], width=4)
    for side in (1, -1):
        # The big jumping thighs, drawn as part of the body.
        i.body.append(ellipse(128 - side * 30, 160, 13, 54, p.fill2, side * 14))
    i.body.append(ellipse(128, 162, 19, 60, p.fill))
    i.body.append(path("M 128 100 C 146 120 146 190 128 222 C 110 190 110 120 128 100 Z", p.fill2))
    i.body.append(ellipse(128, 96, 23, 22, p.fill))
    i.body.append(ellipse(128, 62, 16, 19, p.fill))
    i.over.append(circle(116, 56, 5, p.detail))
    i.over.append(circle(140, 56, 5, p.detail))
    i.over.append(gloss(p, 120, 90, 8, 8))
    for side in (1, -1):
        i.over.append(gloss(p, 128 - side * 33, 144, 4, 22, side * 14))
    return i


def spider(p):
    i = Icon(p)
    i.leg([(110, 92), (76, 52), (66, 14)])
    i.leg([(106, 102), (56, 84), (22, 94)])
    i.leg([(106, 114), (54, 134), (30, 176)])
    i.leg([(110, 124), (74, 172), (66, 232)])
    i.leg([(120, 76), (112, 60)], width=8)
    i.body.append(ellipse(128, 172, 42, 48, p.fill))
    i.body.append(ellipse(128, 104, 28, 32, p.fill2))
    i.over.append(path("M 128 142 L 142 160 L 128 204 L 114 160 Z", p.light or p.detail,
                       'opacity="0.9"'))
    i.over.append(gloss(p, 112, 152, 10, 14, 30))
    for x, y in ((120, 86), (136, 86), (114, 94), (142, 94)):
        i.over.append(circle(x, y, 4, p.detail))
    return i


def beetle(p):
    i = Icon(p)
    i.leg([(104, 92), (72, 72), (62, 46)])
    i.leg([(94, 138), (58, 134), (38, 150)])
    i.leg([(96, 180), (62, 202), (56, 234)])
    i.leg([(118, 58), (104, 34), (118, 16)], width=9)
    i.body.append(ellipse(128, 164, 48, 62, p.fill))
    i.body.append(ellipse(128, 94, 38, 24, p.fill2))
    i.body.append(ellipse(128, 66, 20, 14, p.fill2))
    i.over.append(f'<line x1="128" y1="108" x2="128" y2="224" stroke="{p.detail}" '
                  f'stroke-width="5" stroke-linecap="round"/>')
    i.over.append(gloss(p, 106, 146, 10, 28, 10))
    i.over.append(gloss(p, 150, 146, 10, 28, -10))
    return i


def mosquito(p):
    i = Icon(p)
    i.leg([(118, 104), (74, 70), (40, 18)], width=5)
    i.leg([(116, 112), (62, 118), (14, 132)], width=5)
    i.leg([(118, 120), (80, 178), (58, 244)], width=5)
    i.leg([(122, 72), (108, 58), (98, 60)], width=4)
    for side in (1, -1):
        i.body.append(ellipse(128 - side * 34, 146, 15, 52, p.wing, side * 24))
    i.body.append(ellipse(128, 172, 14, 50, p.fill))
    i.body.append(ellipse(128, 110, 21, 19, p.fill2))
    i.body.append(circle(128, 80, 13, p.fill2))
    i.over.append(f'<line x1="128" y1="68" x2="128" y2="14" stroke="{p.line}" '
                  f'stroke-width="{p.lw}" stroke-linecap="round"/>')
    i.over.append(f'<clipPath id="abd"><ellipse cx="128" cy="172" rx="12" ry="48"/></clipPath>')
    i.over.append('<g clip-path="url(#abd)">'
                  + "".join(f'<rect x="100" y="{y}" width="56" height="7" fill="{p.detail}"/>'
                            for y in (140, 160, 180, 200)) + "</g>")
    i.over.append(circle(120, 78, 4, p.detail))
    i.over.append(circle(136, 78, 4, p.detail))
    return i


def ladybug(p):
    i = Icon(p)
    i.leg([(100, 104), (70, 88)], width=9)
    i.leg([(94, 140), (60, 140)], width=9)
    i.leg([(100, 176), (72, 198)], width=9)
    i.leg([(116, 66), (102, 44), (90, 42)], width=5)
    head = p.detail if p.light else p.fill
    i.body.append(ellipse(128, 82, 34, 22, head))
    i.body.append(ellipse(128, 148, 62, 66, p.fill))
    i.over.append(f'<line x1="128" y1="84" x2="128" y2="212" stroke="{p.detail}" stroke-width="5"/>')
    for x, y, r in ((102, 118, 11), (154, 118, 11), (92, 160, 12), (164, 160, 12),
                    (110, 194, 10), (146, 194, 10)):
        i.over.append(circle(x, y, r, p.detail))
    eye = "#ffffff" if p.light else p.detail
    i.over.append(circle(112, 76, 5, eye))
    i.over.append(circle(144, 76, 5, eye))
    i.over.append(gloss(p, 104, 104, 12, 18, 35))
    return i


def pillbug(p):
    i = Icon(p)
    for k in range(6):
        y = 96 + k * 20
        i.leg([(88, y), (70, y + 6)], width=6)
    i.leg([(116, 62), (96, 38), (78, 36)], width=5)
    i.leg([(116, 212), (106, 232)], width=7)
    i.body.append(ellipse(128, 140, 52, 80, p.fill))
    i.body.append(ellipse(128, 72, 30, 16, p.fill2))
    for k in range(7):
        y = 92 + k * 18
        i.over.append(f'<path d="M {80 + abs(k - 3) * 2} {y} Q 128 {y + 14} {176 - abs(k - 3) * 2} {y}" '
                      f'fill="none" stroke="{p.detail}" stroke-width="4" stroke-linecap="round"/>')
    i.over.append(gloss(p, 108, 112, 10, 34, 8))
    return i


DRAW = {
    "queen": queen, "ant": ant, "grasshopper": grasshopper, "spider": spider,
    "beetle": beetle, "mosquito": mosquito, "ladybug": ladybug, "pillbug": pillbug,
}


def hex_points(cx, cy, r):
    return [(cx + r * math.cos(math.radians(90 + 60 * k)), cy - r * math.sin(math.radians(90 + 60 * k)))
            for k in range(6)]


def hex_path(cx, cy, r):
    p = hex_points(cx, cy, r)
    return "M " + " L ".join(f"{x:.1f} {y:.1f}" for x, y in p) + " Z"


def box_svg(body, defs=""):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{TILE_W}" height="{TILE_H}" '
            f'viewBox="0 0 {TILE_W} {TILE_H}"><defs>{defs}</defs>{body}</svg>\n')


def tile_svg(face_top, face_bottom, rim, band, edge, edge_w, round_r=10):
    cx, cy = FACE_C
    r = FACE_R - round_r / 2
    defs = (f'<linearGradient id="face" x1="0" y1="0" x2="0.3" y2="1">'
            f'<stop offset="0" stop-color="{face_top}"/><stop offset="1" stop-color="{face_bottom}"/>'
            f'</linearGradient>')
    join = f'stroke-linejoin="round" stroke-width="{round_r}"'
    body = (
        path(hex_path(cx, cy + BAND, r), band, f'stroke="{band}" {join}')
        + path(hex_path(cx, cy, r), "url(#face)", f'stroke="{edge}" {join}')
        + (path(hex_path(cx, cy, r - edge_w / 2), "none",
                f'stroke="{edge}" stroke-width="{edge_w}" stroke-linejoin="round"') if edge_w else "")
        + path(hex_path(cx, cy, r - edge_w - 9), "none",
               f'stroke="{rim}" stroke-width="4" stroke-linejoin="round" opacity="0.8"')
    )
    return box_svg(body, defs)


def shadow_svg():
    cx, cy = FACE_C
    defs = '<filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="7"/></filter>'
    return box_svg(path(hex_path(cx, cy + 4, FACE_R - 10), "#000000", 'filter="url(#blur)"'), defs)


def ring(r, width, color="#ffffff", extra=""):
    cx, cy = FACE_C
    return path(hex_path(cx, cy, r), "none",
                f'stroke="{color}" stroke-width="{width}" stroke-linejoin="round" {extra}')


def overlays(edged):
    """White overlay images (tinted in the game); `edged` adds black edges."""
    cx, cy = FACE_C

    def stroke_ring(r, width, extra=""):
        if edged:
            return ring(r, width + 10, "#000000", extra) + ring(r, width, "#ffffff", extra)
        return ring(r, width, "#ffffff", extra)

    corners = hex_points(cx, cy, FACE_R - 12)
    dots = "".join(circle(round(x, 1), round(y, 1), 14 if edged else 12, "#ffffff",
                          'stroke="#000000" stroke-width="5"' if edged else "")
                   for x, y in corners)
    brackets = ""
    for k, (x, y) in enumerate(hex_points(cx, cy, FACE_R - 6)):
        a, b = hex_points(cx, cy, FACE_R - 6)[k - 1], hex_points(cx, cy, FACE_R - 6)[(k + 1) % 6]
        p1 = (x + (a[0] - x) * 0.28, y + (a[1] - y) * 0.28)
        p2 = (x + (b[0] - x) * 0.28, y + (b[1] - y) * 0.28)
        d = f"M {p1[0]:.1f} {p1[1]:.1f} L {x:.1f} {y:.1f} L {p2[0]:.1f} {p2[1]:.1f}"
        if edged:
            brackets += path(d, "none", 'stroke="#000000" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"')
        brackets += path(d, "none", 'stroke="#ffffff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"')
    if edged:
        destination = (path(hex_path(cx, cy, FACE_R - 14), "#ffffff", 'fill-opacity="0.35"')
                       + stroke_ring(FACE_R - 14, 8) + circle(cx, cy, 22, "#ffffff", 'stroke="#000000" stroke-width="6"'))
    else:
        destination = (path(hex_path(cx, cy, FACE_R - 8), "#ffffff", 'fill-opacity="0.10"')
                       + ring(FACE_R - 11, 7) + circle(cx, cy, 18, "#ffffff"))
    return {
        "destination": box_svg(destination),
        "selected": box_svg(stroke_ring(FACE_R - 7, 14)),
        "throwable": box_svg(stroke_ring(FACE_R - 7, 10, 'stroke-dasharray="28 14"')),
        "last-move": box_svg(ring(FACE_R - 12, 5, "#000000" if edged else "#ffffff",
                                  'opacity="0.9"' if not edged else "") + dots),
        "hover": box_svg(stroke_ring(FACE_R - 10, 5, 'opacity="0.9"')),
        "cursor": box_svg(brackets),
        # A small pip at the face's lower edge: "this piece can move".
        "movable": box_svg(circle(cx, cy + FACE_R - 34, 14 if edged else 11, "#ffffff",
                                  'stroke="#000000" stroke-width="6"' if edged else "")),
    }


def badge_svg(edged):
    stroke = "#000000" if edged else "#3a2f10"
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
            f'<circle cx="32" cy="32" r="27" fill="#ffffff" stroke="{stroke}" stroke-width="{6 if edged else 4}"/></svg>\n')


def write(theme, rel, svg):
    src = ROOT / theme / "src" / (rel.replace("/", "-") + ".svg")
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text(svg)
    return src, ROOT / theme / (rel + ".png")


def main():
    svg_only = "--svg-only" in sys.argv[1:]
    jobs = []
    # Default theme.
    for bug in BUGS:
        jobs.append(write("default", f"bugs/{bug}", DRAW[bug](default_pal(bug)).svg()))
    jobs.append(write("default", "tiles/white", tile_svg("#fbf6e8", "#e2d8bf", "#ffffff", "#a99b7c", "#8f8266", 0)))
    jobs.append(write("default", "tiles/black", tile_svg("#3a3a41", "#222227", "#5f5f69", "#08080a", "#111114", 0)))
    jobs.append(write("default", "tiles/shadow", shadow_svg()))
    for name, svg in overlays(False).items():
        jobs.append(write("default", f"overlays/{name}", svg))
    jobs.append(write("default", "overlays/badge", badge_svg(False)))
    # High contrast: a black silhouette on white tiles, a white one on black tiles.
    hc = "high-contrast"
    for bug in BUGS:
        jobs.append(write(hc, f"bugs/{bug}-white", DRAW[bug](contrast_pal("#000000", "#ffffff")).svg()))
        jobs.append(write(hc, f"bugs/{bug}-black", DRAW[bug](contrast_pal("#ffffff", "#000000")).svg()))
    jobs.append(write(hc, "tiles/white", tile_svg("#ffffff", "#ffffff", "#ffffff", "#6a6a6a", "#000000", 9)))
    jobs.append(write(hc, "tiles/black", tile_svg("#000000", "#000000", "#000000", "#6a6a6a", "#ffffff", 9)))
    jobs.append(write(hc, "tiles/shadow", shadow_svg()))
    for name, svg in overlays(True).items():
        jobs.append(write(hc, f"overlays/{name}", svg))
    jobs.append(write(hc, "overlays/badge", badge_svg(True)))
    if svg_only:
        return
    if not shutil.which("rsvg-convert"):
        sys.exit("theme-art: rsvg-convert not found (apt-get install librsvg2-bin)")
    for src, png in jobs:
        png.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["rsvg-convert", "-o", str(png), str(src)], check=True)
    print(f"theme-art: rendered {len(jobs)} images under {ROOT}")


if __name__ == "__main__":
    main()
