#!/usr/bin/env python3
"""How far the PNG of a document is from rsvg-convert's raster of its SVG (issue 28 item 4).

Renders INPUT to PNG and SVG with gridrender, rasterizes the SVG with rsvg-convert in slices of
at most --slice rows (librsvg refuses images over 32,767 pixels a side, so people-10000 is cut
up, and so does its limit of 500,000 referenced elements: each slice's SVG keeps only the
text lines, `<g … transform="translate(X Y)">…</g>` on one line, within 100 px of it), and compares each slice with the same rows of the PNG with `gridrender compare --preset
perceptual --json`. Prints the differing pixels over the compared pixels, in per cent, e.g.

    scripts/rsvg-vs-png.py /work/shared/bench/data/people-1000.csv
    scripts/rsvg-vs-png.py Fixtures/gallery/markup.json --scale 2 --binary /tmp/old/gridrender

Extra arguments after `--` go to both renders (`-- --theme dark`).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from PIL import Image


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("--binary", default=".build/debug/gridrender")
    parser.add_argument("--scale", type=float, default=None, help="passed to both renders as --scale")
    parser.add_argument("--slice", type=int, default=8000, help="rows a slice (at most 32767)")
    parser.add_argument("--keep", help="folder to keep the PNG, SVG and slices in")
    parser.add_argument("extra", nargs="*")
    args = parser.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="rsvg-vs-png-")
    os.makedirs(folder, exist_ok=True)
    extra = list(args.extra) + (["--scale", str(args.scale)] if args.scale else [])
    png, svg = os.path.join(folder, "out.png"), os.path.join(folder, "out.svg")
    for out in (png, svg):
        subprocess.run([args.binary, "render", args.input, "-o", out] + extra, check=True)
    Image.MAX_IMAGE_PIXELS = None
    image = Image.open(png).convert("RGB")
    width, height = image.size
    with open(svg, encoding="utf-8") as f:
        lines = f.read().split("\n")
    # The SVG's own size is in CSS px; at a canvas scale the PNG is larger: zoom to it.
    svg_width = float(re.search(r'<svg[^>]* width="([0-9.]+)', "\n".join(lines[:3])).group(1))
    zoom = width / svg_width
    line_y = re.compile(r'^<g [^>]*transform="translate\([-0-9.e]+ ([-0-9.e]+)\)">.*</g>$')
    differing = compared = 0
    for top in range(0, height, args.slice):
        rows = min(args.slice, height - top)
        raster = os.path.join(folder, f"rsvg-{top}.png")
        part = os.path.join(folder, f"png-{top}.png")
        low, high = top / zoom - 100, (top + rows) / zoom + 100
        kept = [line for line in lines
                if not (m := line_y.match(line)) or low <= float(m.group(1)) <= high]
        part_svg = os.path.join(folder, f"svg-{top}.svg")
        with open(part_svg, "w", encoding="utf-8") as f:
            f.write("\n".join(kept))
        subprocess.run(["rsvg-convert", "--zoom", str(zoom), f"--top={-top}", "--page-width", str(width),
                        "--page-height", str(rows), part_svg, "-o", raster], check=True)
        Image.open(raster).convert("RGB").save(raster)
        image.crop((0, top, width, top + rows)).save(part)
        result = subprocess.run([args.binary, "compare", raster, part, "--preset", "perceptual", "--json"],
                                capture_output=True, text=True)
        report = json.loads(result.stdout)
        differing += report["differingPixels"]
        compared += report["comparedPixels"]
    print(f"{100 * differing / compared:.4f} % ({differing} of {compared} pixels differ)")


if __name__ == "__main__":
    sys.exit(main())
