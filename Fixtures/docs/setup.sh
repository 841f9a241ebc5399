#!/usr/bin/env bash
# The files that the shell blocks of README.md and docs/*.md name, made in the docs test's scratch
# folder (Tests/GridRenderTests/DocSandbox.swift) from the repository's Fixtures/, which the
# folder links. `gridrender` is the debug build's, first on PATH.
set -euo pipefail
cp Fixtures/snapshots/people.csv people.csv
cp Fixtures/snapshots/readme-table.md README-table.md
cp Fixtures/demo/table.json report.json
cp Fixtures/demo/table.json doc.json
cp Fixtures/docs/sales.csv Fixtures/docs/lab.csv Fixtures/docs/people.json .
gridrender themes --show striped > brand-theme.json
gridrender render people.csv -o a.png
cp a.png b.png
mkdir -p Snapshots out docs/images
cp a.png Snapshots/table.png
cp a.png out/table.png
# README's CI recipe: the tables and their references.
mkdir -p tables
cp people.csv sales.csv tables/
gridrender render tables/*.csv --out-dir references --format png
# docs/snapshots.md's folder compare: a copy of the references, and a mask file.
mkdir -p out/snapshots
cp Snapshots/table.png out/snapshots/
printf '{"masks": [{"x": 0, "y": 0, "width": 200, "height": 12}]}\n' > masks.json
# The shell-completion folders of the CLI.md example.
mkdir -p "$HOME/.local/share/bash-completion/completions" "$HOME/.zsh/completions" "$HOME/.config/fish/completions"
