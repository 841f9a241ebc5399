/// The review page's inline style sheet and script (no libraries, no network).
extension ReviewPage {
    static let css = """
    body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #fff; display: grid; grid-template-columns: 280px 1fr; }
    header { grid-column: 1 / 3; padding: 16px 24px; border-bottom: 1px solid #d0d4dc; background: #f5f6f8; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 0 0 6px; word-break: break-all; }
    nav { border-right: 1px solid #d0d4dc; padding: 8px; overflow-y: auto; max-height: calc(100vh - 150px); position: sticky; top: 0; }
    nav ul { list-style: none; margin: 0; padding: 0; } nav a { display: block; padding: 3px 6px; border-radius: 4px; color: inherit; text-decoration: none; word-break: break-all; }
    nav a.current { background: #dde6ff; }
    main { padding: 16px 24px; min-width: 0; }
    .badge { display: inline-block; font-size: 11px; padding: 1px 6px; border-radius: 8px; color: #fff; background: #6b7280; text-transform: uppercase; }
    .s-changed .badge, .s-failed .badge { background: #c2410c; } .s-added .badge { background: #15803d; } .s-removed .badge { background: #b91c1c; } .s-error .badge { background: #7c3aed; }
    section.entry { border: 1px solid #d0d4dc; border-radius: 6px; padding: 12px; margin: 0 0 20px; }
    section.entry.current { border-color: #3b63d9; box-shadow: 0 0 0 2px #c7d4ff; }
    .stats, .message { font: 12px ui-monospace, monospace; background: #f5f6f8; padding: 6px 8px; border-radius: 4px; white-space: pre-wrap; word-break: break-all; }
    .ref { margin: 0 0 6px; color: #555; }
    .tabs button { font: inherit; border: 1px solid #c4c9d4; background: #fff; padding: 3px 10px; margin-right: 4px; border-radius: 4px; cursor: pointer; }
    .tabs button.on { background: #1d2330; color: #fff; border-color: #1d2330; }
    .view { display: none; margin-top: 8px; } .view.on { display: block; } .view.side.on { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; } .view.side figure { flex: 1 1 0; min-width: 0; } figcaption, .hint { text-align: center; color: #555; font-size: 12px; }
    img { display: block; max-width: 100%; height: auto; image-rendering: pixelated;
          background: repeating-conic-gradient(#e4e6ea 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
    .pic { position: relative; display: inline-block; max-width: 100%; vertical-align: top; line-height: 0; cursor: zoom-in; border: 1px solid #d0d4dc; }
    .box, .mask { position: absolute; box-sizing: border-box; pointer-events: none; }
    .box { outline: 2px solid #e11d48; outline-offset: 1px; box-shadow: 0 0 0 5px rgba(225, 29, 72, 0.3); min-width: 2px; min-height: 2px; }
    .mask { border: 2px dashed #2563eb; background: rgba(37, 99, 235, 0.08); }
    .wipe { position: relative; display: inline-block; border: 1px solid #d0d4dc; } .wipe .top { position: absolute; inset: 0; overflow: hidden; width: 50%; border-right: 2px solid #3b63d9; }
    .wipe .top img { max-width: none; } .slider input { display: block; width: 100%; max-width: 600px; }
    .flip .pic + .pic { display: none; } .flip.swapped .pic { display: none; } .flip.swapped .pic + .pic { display: inline-block; }
    .crops { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
    .crop { position: relative; display: block; overflow: hidden; max-width: 100%; cursor: zoom-in; border: 1px solid #d0d4dc; }
    .crop img { position: absolute; max-width: none; }
    .missing { padding: 24px; color: #555; border: 1px dashed #c4c9d4; }
    .accept code, header code { background: #eef0f4; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
    .ok { color: #15803d; font-weight: 600; } kbd { border: 1px solid #c4c9d4; border-radius: 3px; padding: 0 4px; background: #fff; }
    .full { position: fixed; inset: 0; z-index: 10; background: rgba(20, 24, 33, 0.92); display: flex; flex-direction: column; }
    .full[hidden] { display: none; }
    .full-bar { color: #fff; padding: 8px 16px; font-size: 13px; } .full-bar button { font: inherit; margin-left: 12px; }
    .full-scroll { flex: 1; overflow: auto; padding: 16px; }
    .full .pic { max-width: none; cursor: default; } .full .pic img { max-width: none; }
    """

    /// View switching, the wipe slider, blink, full size and the keyboard.
    /// `document.body.dataset.ready` tells an automated check the script ran to the end.
    static let script = """
    (function () {
      "use strict";
      var entries = Array.prototype.slice.call(document.querySelectorAll("section.entry"));
      var links = Array.prototype.slice.call(document.querySelectorAll("nav a"));
      var full = document.getElementById("full");
      var fullScroll = full.querySelector(".full-scroll"), fullTitle = full.querySelector(".full-title");
      var current = -1, blinkTimer = null, fits = new Map();
      function show(section, name) {
        if (!section.querySelector(".view." + name)) { return; }
        section.querySelectorAll(".tabs button[data-view]").forEach(function (b) { b.classList.toggle("on", b.dataset.view === name); });
        section.querySelectorAll(".view").forEach(function (v) { v.classList.toggle("on", v.classList.contains(name)); });
        if (blinkTimer) { clearInterval(blinkTimer); blinkTimer = null; }
        if (name === "blink") { blinkTimer = setInterval(function () { swap(section); }, 600); }
        if (name === "slider" && fits.has(section)) { fits.get(section)(); }
      }
      function swap(section) {
        var flip = section.querySelector(".flip");
        if (!flip) { return; }
        flip.classList.toggle("swapped");
        var which = section.querySelector(".which");
        if (which) { which.textContent = flip.classList.contains("swapped") ? "actual" : "expected"; }
      }
      function mark(index) {
        current = Math.max(0, Math.min(entries.length - 1, index));
        entries.forEach(function (e, i) { e.classList.toggle("current", i === current); });
        links.forEach(function (a, i) { a.classList.toggle("current", i === current); });
      }
      function select(index) {
        if (!entries.length) { return; }
        mark(index);
        entries[current].scrollIntoView({ block: "start" });
      }
      function openFull(pic, section) {
        if (!pic) { return; }
        var copy = pic.cloneNode(true);
        var image = copy.querySelector("img");
        image.removeAttribute("loading");
        var fit = function () {
          if (image.naturalWidth) { image.style.width = (image.naturalWidth / (window.devicePixelRatio || 1)) + "px"; }
          var box = copy.querySelector(".box");
          if (box) { box.scrollIntoView({ block: "center", inline: "center" }); }
        };
        image.addEventListener("load", fit);
        fullScroll.textContent = "";
        fullScroll.appendChild(copy);
        fullTitle.textContent = (section ? section.dataset.title + " · " : "") + pic.dataset.role + " at 1:1 pixels";
        full.hidden = false;
        full.focus();
        if (image.complete) { fit(); }
      }
      function closeFull() { full.hidden = true; fullScroll.textContent = ""; }
      function picture(section, role) { return section.querySelector("a.pic[data-role=\\"" + role + "\\"]"); }
      entries.forEach(function (section, index) {
        section.querySelectorAll(".tabs button[data-view]").forEach(function (b) {
          b.addEventListener("click", function () { mark(index); show(section, b.dataset.view); });
        });
        section.querySelectorAll("a.pic, a.crop").forEach(function (a) {
          a.addEventListener("click", function (event) {
            event.preventDefault();
            mark(index);
            openFull(a.classList.contains("pic") ? a : picture(section, a.dataset.role), section);
          });
        });
        var button = section.querySelector(".tabs .open-full");
        if (button) { button.addEventListener("click", function () { mark(index); openFull(preferred(section), section); }); }
        var range = section.querySelector(".slider input");
        var top = section.querySelector(".wipe .top");
        if (range && top) {
          var topImage = top.querySelector("img"), base = section.querySelector(".wipe > img");
          // Measured only when the slider shows: reading a size forces a layout, and doing it for
          // every entry at start made a page of thousands of entries take seconds per hundred.
          var fit = function () { if (topImage && base) { topImage.style.width = base.clientWidth + "px"; } };
          if (base) { base.addEventListener("load", fit); }
          range.addEventListener("input", function () { fit(); top.style.width = range.value + "%"; });
          fits.set(section, fit);
        }
      });
      function preferred(section) {
        var shown = section.querySelector(".view.on a.pic") || section.querySelector(".view.on a.crop");
        if (shown && shown.classList.contains("crop")) { shown = picture(section, shown.dataset.role); }
        return shown || section.querySelector("a.pic");
      }
      full.querySelector(".full-close").addEventListener("click", closeFull);
      links.forEach(function (a, index) { a.addEventListener("click", function () { select(index); }); });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) { return; }
        if (!full.hidden) {
          if (event.key === "Escape" || event.key === "f") { closeFull(); event.preventDefault(); }
          return;
        }
        var section = entries[current < 0 ? 0 : current];
        var views = { "1": "side", "2": "slider", "3": "blink", "4": "diff", "5": "zoom", "z": "zoom" };
        if (event.key === "j" || event.key === "ArrowDown") { select(current + 1); event.preventDefault(); }
        else if (event.key === "k" || event.key === "ArrowUp") { select(current - 1); event.preventDefault(); }
        else if (section && views[event.key] && section.querySelector(".tabs")) { show(section, views[event.key]); }
        else if (section && event.key === "b") { swap(section); }
        else if (section && event.key === "f") { openFull(preferred(section), section); event.preventDefault(); }
      });
      if (entries.length) { select(0); window.scrollTo(0, 0); }
      window.addEventListener("load", function () {
        var broken = Array.prototype.filter.call(document.images, function (i) { return i.complete && i.naturalWidth === 0 && i.loading !== "lazy"; });
        document.body.dataset.images = document.images.length + " images, " + broken.length + " broken";
      });
      document.body.dataset.ready = "ok";
    })();
    """
}
