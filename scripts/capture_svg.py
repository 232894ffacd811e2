#!/usr/bin/env python3
"""Turns a `tmux capture-pane -e -p` capture (text with SGR colour sequences) into an SVG picture,
so the README's gallery shows real captures of the real binary, in colour, without a screenshot tool.

    capture_svg.py CAPTURE.txt OUT.svg [--light]
"""
import html, re, sys, unicodedata

SYSTEM = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
          "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def palette(n):
    if n < 16:
        return SYSTEM[n]
    if n >= 232:
        g = 8 + 10 * (n - 232)
        return "#%02x%02x%02x" % (g, g, g)
    levels = [0, 95, 135, 175, 215, 255]
    n -= 16
    return "#%02x%02x%02x" % (levels[n // 36], levels[n // 6 % 6], levels[n % 6])


def width(ch):
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def cells(capture):
    """Rows of (char, fg, bg, bold, dim, italic, underline, reverse)."""
    style = dict(fg=None, bg=None, bold=False, dim=False, italic=False, underline=False, reverse=False)
    rows = []
    for line in capture.split("\n"):
        row = []
        for token in re.split(r"(\x1b\[[0-9;:]*m)", line):
            if token.startswith("\x1b["):
                codes = [int(c) if c else 0 for c in token[2:-1].replace(":", ";").split(";")] or [0]
                i = 0
                while i < len(codes):
                    c = codes[i]
                    if c == 0:
                        style = dict(fg=None, bg=None, bold=False, dim=False, italic=False, underline=False, reverse=False)
                    elif c in (1, 2, 3, 4, 7):
                        style[{1: "bold", 2: "dim", 3: "italic", 4: "underline", 7: "reverse"}[c]] = True
                    elif c in (22, 23, 24, 27):
                        for key in {22: ("bold", "dim"), 23: ("italic",), 24: ("underline",), 27: ("reverse",)}[c]:
                            style[key] = False
                    elif 30 <= c <= 37 or 90 <= c <= 97:
                        style["fg"] = palette(c - 30 if c < 90 else c - 82)
                    elif 40 <= c <= 47 or 100 <= c <= 107:
                        style["bg"] = palette(c - 40 if c < 100 else c - 92)
                    elif c in (39, 49):
                        style["fg" if c == 39 else "bg"] = None
                    elif c in (38, 48) and i + 1 < len(codes):
                        key = "fg" if c == 38 else "bg"
                        if codes[i + 1] == 5:
                            style[key] = palette(codes[i + 2]); i += 2
                        elif codes[i + 1] == 2:
                            style[key] = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]); i += 4
                    i += 1
            else:
                for ch in token:
                    row.append((ch, dict(style)))
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def svg(rows, light):
    fg0, bg0 = ("#202020", "#fdf6e3") if light else ("#d0d0d0", "#1c1c1c")
    cw, ch = 8.4, 17
    columns = max(sum(width(c) for c, _ in row) for row in rows)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{columns * cw + 16:.0f}" height="{len(rows) * ch + 16}" '
           f'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14">',
           f'<rect width="100%" height="100%" fill="{bg0}" rx="6"/>']
    for y, row in enumerate(rows):
        x = 0
        for c, s in row:
            w = width(c)
            if w == 0:
                continue
            fg, bg = s["fg"] or fg0, s["bg"]
            if s["reverse"]:
                fg, bg = (bg or bg0), fg
            px, py = 8 + x * cw, 8 + y * ch
            if bg:
                out.append(f'<rect x="{px:.1f}" y="{py}" width="{w * cw + 0.5:.1f}" height="{ch}" fill="{bg}"/>')
            if c != " ":
                attrs = f' fill="{fg}"'
                if s["bold"]: attrs += ' font-weight="bold"'
                if s["italic"]: attrs += ' font-style="italic"'
                if s["dim"]: attrs += ' opacity="0.6"'
                if s["underline"]: attrs += ' text-decoration="underline"'
                out.append(f'<text x="{px:.1f}" y="{py + 13}"{attrs}>{html.escape(c)}</text>')
            x += w
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    capture = open(sys.argv[1], encoding="utf-8").read()
    open(sys.argv[2], "w", encoding="utf-8").write(svg(cells(capture), "--light" in sys.argv))
