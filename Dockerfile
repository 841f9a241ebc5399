# A small runtime image of gridrender, made from the .deb (no Swift, no -dev packages):
#   scripts/package.sh && docker build -t gridrender .
#   docker run --rm -v "$PWD:/work" -w /work gridrender render table.csv -o table.png
# apt resolves the package's Depends (Cairo, Pango, fontconfig, the pinned fonts); rsvg-convert
# and pdftoppm compare SVG and PDF files.
FROM debian:12-slim
COPY dist/gridrender_*_amd64.deb /tmp/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      /tmp/gridrender_*_amd64.deb librsvg2-bin poppler-utils \
 && rm -rf /var/lib/apt/lists/* /tmp/gridrender_*_amd64.deb
ENTRYPOINT ["/usr/bin/gridrender"]
CMD ["--help"]
