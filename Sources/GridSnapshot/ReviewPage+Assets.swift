/// The review page's inline style sheet and script (no libraries, no network).
extension ReviewPage {
    static let css = """
    body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #fff; display: grid; grid-template-columns: 280px 1fr; }
    header { grid-column: 1 / 3; padding: 16px 24px; border-bottom: 1px solid #d0d4dc; background: #f5f6f8; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 0 0 6px; word-break: break-all; }
    nav { border-right: 1px solid #d0d4dc; padding: 8px; overflow-y: auto; max-height: calc(100vh - 150px); position: sticky; top: 0; }
    nav ul { list-style: none; margin: 0; padding: 0; } nav a { display: block; padding: 3px 6px; border-radius: 4px; color: inherit; text-decoration: none; word-break: break-all; }
    nav a.current { background: #dde6ff; }
    .pager { margin: 0 0 8px; font-size: 12px; } .pager input { width: 100%; box-sizing: border-box; font: inherit; padding: 3px 6px; margin-bottom: 4px; }
    .pager button { font: inherit; padding: 1px 6px; } .pager button:disabled { opacity: 0.4; }
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

    /// Pages of entries from their templates, the filter, view switching, the wipe slider, blink,
    /// full size and the keyboard. `document.body.dataset.ready` tells an automated check the
    /// script ran to the end.
    static let script = """
    (function () {
      "use strict";
      var PAGE = \(pageSize);
      var templates = document.querySelectorAll("main > template.entry");
      var index = JSON.parse(document.getElementById("index").textContent);
      var holder = document.getElementById("entries");
      var navList = document.querySelector("nav ul"), filter = document.querySelector("nav .filter");
      var range = document.querySelector("nav .range");
      var prev = document.querySelector("nav .prev"), next = document.querySelector("nav .next");
      var full = document.getElementById("full");
      var fullScroll = full.querySelector(".full-scroll"), fullTitle = full.querySelector(".full-title");
      // shown: the entries' numbers the filter keeps; page: which PAGE of them is on screen;
      // entries/links: the sections and nav links of that page; current: a position in shown.
      var shown = [], page = 0, entries = [], links = [], current = -1, blinkTimer = null, fits = new Map();
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
      function render(newPage) {
        var pages = Math.max(1, Math.ceil(shown.length / PAGE));
        page = Math.max(0, Math.min(pages - 1, newPage));
        if (blinkTimer) { clearInterval(blinkTimer); blinkTimer = null; }
        fits = new Map();
        holder.textContent = "";
        navList.textContent = "";
        var first = page * PAGE, last = Math.min(shown.length, first + PAGE);
        var sections = document.createDocumentFragment(), items = document.createDocumentFragment();
        entries = []; links = [];
        for (var i = first; i < last; i++) {
          var n = shown[i], section = templates[n].content.firstElementChild.cloneNode(true);
          wire(section, i - first);
          entries.push(section);
          sections.appendChild(section);
          var item = document.createElement("li"), a = document.createElement("a"), badge = document.createElement("span");
          a.href = "#e" + n;
          a.className = "s-" + index[n].status.replace(/[^A-Za-z]/g, "");
          badge.className = "badge";
          badge.textContent = index[n].status;
          a.appendChild(badge);
          a.appendChild(document.createTextNode(" " + index[n].title));
          a.addEventListener("click", select.bind(null, i, true));
          links.push(a);
          item.appendChild(a);
          items.appendChild(item);
        }
        holder.appendChild(sections);
        navList.appendChild(items);
        if (range) { range.textContent = shown.length ? (first + 1) + "–" + last + " of " + shown.length : "no match"; }
        if (prev) { prev.disabled = page === 0; next.disabled = page >= pages - 1; }
        current = -1;
      }
      // Moves the "current" mark; only the two entries concerned change (a class toggled on
      // every entry restyles the whole page).
      function mark(position) {
        [current, position].forEach(function (p, i) {
          var slot = p - page * PAGE;
          if (slot < 0 || slot >= entries.length) { return; }
          entries[slot].classList.toggle("current", i === 1);
          links[slot].classList.toggle("current", i === 1);
        });
        current = position;
      }
      // Selects the shown entry at `position`, turning the page when it is on another.
      function select(position, fromLink, event) {
        if (event) { event.preventDefault(); }
        if (!shown.length) { return; }
        position = Math.max(0, Math.min(shown.length - 1, position));
        if (Math.floor(position / PAGE) !== page) { render(Math.floor(position / PAGE)); }
        mark(position);
        entries[position - page * PAGE].scrollIntoView({ block: "start" });
        try { history.replaceState(null, "", "#e" + shown[position]); } catch (e) { /* a page opened from a sandbox */ }
      }
      function applyFilter() {
        var words = (filter ? filter.value : "").toLowerCase().split(/\\s+/).filter(Boolean);
        shown = [];
        for (var n = 0; n < index.length; n++) {
          var text = (index[n].status + " " + index[n].title).toLowerCase();
          if (words.every(function (w) { return text.indexOf(w) >= 0; })) { shown.push(n); }
        }
        render(0);
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
      function wire(section, slot) {
        var position = function () { return page * PAGE + slot; };
        section.querySelectorAll(".tabs button[data-view]").forEach(function (b) {
          b.addEventListener("click", function () { mark(position()); show(section, b.dataset.view); });
        });
        section.querySelectorAll("a.pic, a.crop").forEach(function (a) {
          a.addEventListener("click", function (event) {
            event.preventDefault();
            mark(position());
            openFull(a.classList.contains("pic") ? a : picture(section, a.dataset.role), section);
          });
        });
        var button = section.querySelector(".tabs .open-full");
        if (button) { button.addEventListener("click", function () { mark(position()); openFull(preferred(section), section); }); }
        var slider = section.querySelector(".slider input");
        var top = section.querySelector(".wipe .top");
        if (slider && top) {
          var topImage = top.querySelector("img"), base = section.querySelector(".wipe > img");
          // Measured only when the slider shows: reading a size forces a layout.
          var fit = function () { if (topImage && base) { topImage.style.width = base.clientWidth + "px"; } };
          if (base) { base.addEventListener("load", fit); }
          slider.addEventListener("input", function () { fit(); top.style.width = slider.value + "%"; });
          fits.set(section, fit);
        }
      }
      function preferred(section) {
        var shownPicture = section.querySelector(".view.on a.pic") || section.querySelector(".view.on a.crop");
        if (shownPicture && shownPicture.classList.contains("crop")) { shownPicture = picture(section, shownPicture.dataset.role); }
        return shownPicture || section.querySelector("a.pic");
      }
      full.querySelector(".full-close").addEventListener("click", closeFull);
      if (filter) { filter.addEventListener("input", applyFilter); }
      if (prev) {
        prev.addEventListener("click", function () { select((page - 1) * PAGE); });
        next.addEventListener("click", function () { select((page + 1) * PAGE); });
      }
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) { return; }
        if (!full.hidden) {
          if (event.key === "Escape" || event.key === "f") { closeFull(); event.preventDefault(); }
          return;
        }
        if (event.target === filter) {
          if (event.key === "Escape" || event.key === "Enter") { filter.blur(); select(0); event.preventDefault(); }
          return;
        }
        var section = entries[current < 0 ? 0 : current - page * PAGE];
        var views = { "1": "side", "2": "slider", "3": "blink", "4": "diff", "5": "zoom", "z": "zoom" };
        if (event.key === "j" || event.key === "ArrowDown") { select(current + 1); event.preventDefault(); }
        else if (event.key === "k" || event.key === "ArrowUp") { select(current - 1); event.preventDefault(); }
        else if (event.key === "n") { select((page + 1) * PAGE); }
        else if (event.key === "p") { select((page - 1) * PAGE); }
        else if (event.key === "/" && filter) { filter.focus(); event.preventDefault(); }
        else if (section && views[event.key] && section.querySelector(".tabs")) { show(section, views[event.key]); }
        else if (section && event.key === "b") { swap(section); }
        else if (section && event.key === "f") { openFull(preferred(section), section); event.preventDefault(); }
      });
      applyFilter();
      var wanted = /^#e(\\d+)$/.exec(location.hash);
      if (wanted && shown.indexOf(+wanted[1]) >= 0) { select(shown.indexOf(+wanted[1])); }
      else if (shown.length) { select(0); window.scrollTo(0, 0); }
      window.addEventListener("load", function () {
        var broken = Array.prototype.filter.call(document.images, function (i) { return i.complete && i.naturalWidth === 0 && i.loading !== "lazy"; });
        document.body.dataset.images = document.images.length + " images, " + broken.length + " broken";
      });
      document.body.dataset.ready = "ok";
    })();
    """
}
