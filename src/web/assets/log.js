/* The log page's behaviour: stable chunk heights and the "Wrap lines" toggle, line selection and
   anchors (#L120, #L120-L140), the reading tools (next and previous error, search, the level
   filter, go to line), Copy link, the delete token (localStorage), delete, and the AI analysis
   stream. The page is complete without this file; everything here only adds to it. */
(function () {
  
  var page = document.querySelector(".log-page");
  if (!page) return;
  var id = page.getAttribute("data-id");
  var log = document.getElementById("log");
  var tokenKey = "logpaste:token:" + id;

  function storage(kind) {
    try { return window[kind]; } catch (_e) { return null; } // blocked storage (privacy settings)
  }
  var local = storage("localStorage");
  var session = storage("sessionStorage");


  /* ---- chunks: lines made on demand ----
     After its first lines, a big log arrives as chunks whose lines sit inside a <noscript>, as
     text (log-lines.ts says why). Here they become lines: as they near the screen, at once when
     an anchor, a tool or an opened fold needs them, and the rest in idle time, so the browser's
     own find (Ctrl+F) sees the whole log a moment after the first view. */
  // The chunks to make, in document order (their first lines grow). A plain list, not a live
  // collection: a live one is rebuilt by walking the whole log after every change.
  var lazyChunks = Array.prototype.slice.call(log.querySelectorAll(".chunk.lazy"));
  var madeUpTo = 0; // lazyChunks before this index are all made (idle work goes in order)
  var lineList = null; // every line element, in order; null after chunks were made

  function realize(chunk) {
    if (!chunk.classList.contains("lazy")) return;
    var holder = chunk.querySelector("noscript");
    chunk.classList.remove("lazy");
    chunk.style.minHeight = "";
    if (!holder) return;
    chunk.removeChild(holder);
    chunk.insertAdjacentHTML("beforeend", holder.textContent);
    lineList = null;
  }

  function realizeAll() {
    for (; madeUpTo < lazyChunks.length; madeUpTo++) realize(lazyChunks[madeUpTo]);
  }

  function allLines() {
    if (!lineList) lineList = log.querySelectorAll("div[id]");
    return lineList;
  }

  /* Line n's element, making the chunk that holds it first: the last lazy chunk that starts at
     or before n (found by halving: line numbers grow in document order, folds included). */
  function lineElement(n) {
    var line = document.getElementById("L" + n);
    if (line || madeUpTo === lazyChunks.length) return line;
    var low = 0, high = lazyChunks.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (Number(lazyChunks[middle].getAttribute("data-first")) <= n) low = middle + 1; else high = middle;
    }
    if (low > 0) realize(lazyChunks[low - 1]);
    return document.getElementById("L" + n);
  }

  log.classList.add("live"); // style.css: without it, a lazy chunk says the script did not load
  if (lazyChunks.length) {
    if ("IntersectionObserver" in window) {
      // A screen ahead in both directions, so scrolling meets lines, not blank space.
      var near = new IntersectionObserver(function (entries) {
        for (var i = 0; i < entries.length; i++) {
          if (!entries[i].isIntersecting) continue;
          near.unobserve(entries[i].target);
          realize(entries[i].target);
        }
      }, { rootMargin: "100% 0px" });
      lazyChunks.forEach(function (chunk) { near.observe(chunk); });
    }
    // A fold or repeat opened: its lines are wanted now (toggle does not bubble: capture it).
    log.addEventListener("toggle", function (event) {
      if (event.target.open) Array.prototype.slice.call(event.target.getElementsByClassName("lazy")).forEach(realize);
    }, true);
    var idle = window.requestIdleCallback || function (work) {
      setTimeout(function () { var until = Date.now() + 8; work({ timeRemaining: function () { return until - Date.now(); } }); }, 50);
    };
    var realizeWhileIdle = function (deadline) {
      for (; madeUpTo < lazyChunks.length && deadline.timeRemaining() > 2; madeUpTo++) realize(lazyChunks[madeUpTo]);
      if (madeUpTo < lazyChunks.length) idle(realizeWhileIdle);
    };
    // After the first paint: the first view must not wait for any of this.
    requestAnimationFrame(function () { setTimeout(function () { idle(realizeWhileIdle); }, 0); });
  }


  /* ---- layout: wrapping and the estimated height of off-screen chunks ----
     Chunks off screen are skipped by layout (content-visibility) and take the height they are
     given. Given a flat guess, the page grows as wrapped lines come on screen and End lands
     mid-log. So each chunk gets the height its lines will have: wrapped lines break at any
     character on a grid of monospace cells (style.css), so a line's rows are its width in cells
     (the server lists them in the chunk's data-cells) divided by the cells in a row. A chunk not
     made yet has no lines to hold it open: it gets the same height as its minimum. */
  var ROW_PX = 18;
  var wrapToggle = document.getElementById("wrap-lines");
  var wrapKey = "logpaste:wrap";
  var sizedWidth = -1;
  var chunkCells = new Map(); // chunk -> the cells of its lines, parsed once

  function cellsOf(chunk) {
    var cells = chunkCells.get(chunk);
    if (!cells) {
      cells = (chunk.getAttribute("data-cells") || "").split(" ").map(Number);
      chunkCells.set(chunk, cells);
    }
    return cells;
  }

  function cellsPerRow() {
    var probe = document.createElement("span");
    probe.textContent = new Array(101).join("0");
    probe.style.position = "absolute";
    probe.style.visibility = "hidden";
    probe.style.whiteSpace = "pre";
    log.appendChild(probe);
    var cell = probe.getBoundingClientRect().width / 100;
    log.removeChild(probe);
    var first = log.querySelector("div[id]");
    var style = first ? getComputedStyle(first) : null;
    var text = log.clientWidth - (style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0);
    return Math.max(1, Math.floor((text + 0.01) / cell));
  }

  function sizeChunks() {
    sizedWidth = log.clientWidth;
    var wrap = !log.classList.contains("nowrap");
    var perRow = wrap ? cellsPerRow() : Infinity;
    // The level filter makes every chunk first (applyLevels), so hidden lines can be skipped here.
    var filtering = /(^| )hide-/.test(log.className);
    var chunks = log.querySelectorAll(".chunk");
    for (var k = 0; k < chunks.length; k++) {
      var chunk = chunks[k];
      var cells = cellsOf(chunk);
      var lines = filtering ? chunk.children : null;
      var height = 0;
      for (var j = 0; j < cells.length; j++) {
        if (lines && isFilteredOut(lines[j])) continue;
        height += (wrap ? Math.max(1, Math.ceil(cells[j] / perRow)) : 1) * ROW_PX;
      }
      chunk.style.containIntrinsicSize = height + "px";
      if (chunk.classList.contains("lazy")) chunk.style.minHeight = height + "px";
    }
  }

  function setWrap(on, remember) {
    log.classList.toggle("nowrap", !on);
    if (wrapToggle) wrapToggle.checked = on;
    if (remember && local) { try { local.setItem(wrapKey, on ? "on" : "off"); } catch (_e) { /* storage full or blocked */ } }
    sizeChunks();
  }

  /* The level filter hides lines with a class per hidden level on the log (style.css). */
  function isFilteredOut(line) {
    var level = line.classList.contains("e") ? "e" : line.classList.contains("w") ? "w" : line.classList.contains("d") ? "d" : "i";
    return log.classList.contains("hide-" + level);
  }

  setWrap(!(local && local.getItem(wrapKey) === "off"), false);
  if (wrapToggle) wrapToggle.addEventListener("change", function () { setWrap(wrapToggle.checked, true); });
  var resizeTimer = 0;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () { if (log.clientWidth !== sizedWidth) sizeChunks(); }, 100);
  });
  if (document.fonts?.ready) document.fonts.ready.then(sizeChunks);

  /* ---- line selection ---- */
  var selected = [];
  var anchor = null;

  function parseHash(hash) {
    var match = /^#L(\d+)(?:-L?(\d+))?$/.exec(hash);
    if (!match) return null;
    var from = Number(match[1]);
    var to = match[2] ? Number(match[2]) : from;
    return from <= to ? { from: from, to: to } : { from: to, to: from };
  }

  function select(range, scroll) {
    for (var i = 0; i < selected.length; i++) selected[i].classList.remove("sel");
    selected = [];
    if (!range) return;
    for (var n = range.from; n <= range.to; n++) {
      var line = lineElement(n);
      if (!line) break;
      line.classList.add("sel");
      selected.push(line);
    }
    if (!selected.length) return;
    if (isFilteredOut(selected[0])) showAllLevels();
    // A line inside a folded stack trace: unfold it so the selection is visible.
    for (var j = 0; j < selected.length; j++) {
      var fold = selected[j].closest("details");
      if (fold) fold.open = true;
    }
    if (scroll) selected[0].scrollIntoView({ block: "center" });
  }

  function setHash(range) {
    var hash = "#L" + range.from + (range.to !== range.from ? "-L" + range.to : "");
    history.replaceState(null, "", hash);
    select(range, false);
  }

  log.addEventListener("click", function (event) {
    var link = event.target.closest("a[href^='#L']");
    if (!link || !log.contains(link)) return;
    event.preventDefault();
    var n = Number(link.getAttribute("href").slice(2));
    if (event.shiftKey && anchor !== null) {
      setHash(anchor < n ? { from: anchor, to: n } : { from: n, to: anchor });
    } else {
      anchor = n;
      setHash({ from: n, to: n });
    }
  });

  // Links to an entry's lines (problems, information) select the whole entry.
  page.addEventListener("click", function (event) {
    var link = event.target.closest("a.line-link");
    if (link?.getAttribute("href").charAt(0) !== "#") return; // another tab: a plain link
    event.preventDefault();
    var from = Number(link.getAttribute("href").slice(2));
    var last = link.getAttribute("data-last");
    var range = { from: from, to: last ? Number(last) : from };
    anchor = from;
    history.pushState(null, "", "#L" + range.from + (range.to !== range.from ? "-L" + range.to : ""));
    select(range, true);
    var first = document.getElementById("L" + from);
    if (first) first.querySelector("a").focus({ preventScroll: true });
  });

  function fromLocation() {
    var range = parseHash(location.hash);
    if (range) { anchor = range.from; select(range, true); }
  }
  window.addEventListener("hashchange", fromLocation);
  window.addEventListener("popstate", fromLocation);
  fromLocation();

  /* ---- go to line ---- */
  var goto = document.getElementById("goto");
  if (goto) {
    goto.hidden = false;
    goto.addEventListener("submit", function (event) {
      event.preventDefault();
      var n = Number(document.getElementById("goto-line").value);
      if (n >= 1) { anchor = n; history.pushState(null, "", "#L" + n); select({ from: n, to: n }, true); }
    });
  }


  /* ---- reading tools: next and previous error, the level filter, search ---- */
  var tools = document.getElementById("log-tools");
  var toolState = document.getElementById("log-state");
  var nav = tools ? tools.querySelector(".log-nav") : null;
  var levelBoxes = tools ? tools.querySelectorAll("input[data-level]") : [];
  var errorsOnly = document.getElementById("errors-only");
  if (tools) tools.hidden = false;

  function say(message) { if (toolState) toolState.textContent = message; }

  /* Where the reader is: the bottom of the sticky navigation row, in viewport pixels. */
  function readingEdge() {
    return nav ? nav.getBoundingClientRect().bottom : 0;
  }

  /* Index of the first of `items` (in document order, all visible) whose top is below `edge`. */
  function firstBelow(items, edge) {
    var low = 0, high = items.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (items[middle].getBoundingClientRect().top > edge) high = middle; else low = middle + 1;
    }
    return low;
  }

  function isShown(line) {
    return !isFilteredOut(line) && !line.closest("details:not([open])");
  }

  /* From the selected line when it is on screen (the error just visited), else from the screen. */
  function step(items, forward) {
    var edge = readingEdge();
    var from = selected.length ? selected[0].getBoundingClientRect() : null;
    if (from && from.bottom > edge && from.top < innerHeight) edge = from.top + 1;
    var index = firstBelow(items, edge);
    if (!forward) index = firstBelow(items, edge - 2) - 1;
    return items[index] || null;
  }

  function goToError(forward) {
    realizeAll();
    if (log.classList.contains("hide-e")) showAllLevels();
    // Collapsed repeats are the same error again: the reader opens them to step through them.
    var heads = Array.prototype.filter.call(log.querySelectorAll("div.e:not(.c)"), isShown);
    if (!heads.length) { say("No errors in this log."); return; }
    var head = step(heads, forward);
    if (!head) { say(forward ? "No more errors below." : "No more errors above."); return; }
    var from = Number(head.id.slice(1));
    var to = from;
    for (var next = document.getElementById("L" + (to + 1)); next?.classList.contains("c") && isShown(next); next = document.getElementById("L" + (to + 1))) to++;
    anchor = from;
    history.replaceState(null, "", "#L" + from + (to !== from ? "-L" + to : ""));
    select({ from: from, to: to }, false);
    head.scrollIntoView({ block: "center" });
    var position = heads.indexOf(head) + 1;
    say("Error " + position + " of " + heads.length + ", line " + from);
  }

  function showAllLevels() {
    for (var i = 0; i < levelBoxes.length; i++) levelBoxes[i].checked = true;
    applyLevels();
  }

  function applyLevels() {
    realizeAll();
    var onlyErrors = true;
    for (var i = 0; i < levelBoxes.length; i++) {
      var level = levelBoxes[i].getAttribute("data-level");
      log.classList.toggle("hide-" + level, !levelBoxes[i].checked);
      if (levelBoxes[i].checked !== (level === "e")) onlyErrors = false;
    }
    if (errorsOnly) errorsOnly.setAttribute("aria-pressed", String(onlyErrors));
    sizeChunks();
  }

  if (tools) {
    document.getElementById("error-next").addEventListener("click", function () { goToError(true); });
    document.getElementById("error-prev").addEventListener("click", function () { goToError(false); });
    for (var box = 0; box < levelBoxes.length; box++) levelBoxes[box].addEventListener("change", applyLevels);
    errorsOnly.addEventListener("click", function () {
      var on = errorsOnly.getAttribute("aria-pressed") !== "true";
      for (var i = 0; i < levelBoxes.length; i++) levelBoxes[i].checked = !on || levelBoxes[i].getAttribute("data-level") === "e";
      applyLevels();
      say(on ? "Showing error lines only." : "Showing every line.");
    });
  }

  /* Search: every match is wrapped in <mark>; Enter (or Next match) moves to the next one. A
     match across coloured spans (§ codes) gets a <mark> in each span it covers: one match, its
     marks in `matches[i]`. */
  var searchForm = document.getElementById("search");
  var searchInput = document.getElementById("search-text");
  var searched = null; // the query the marks are for
  var matches = [];
  var markedLines = [];
  var currentMatch = -1;

  /* The text nodes of a line's text (the number's link left out), with where each starts. */
  function textNodes(line) {
    var nodes = [];
    var walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    var at = 0;
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentNode === line.firstChild) continue;
      nodes.push({ node: node, start: at });
      at += node.data.length;
    }
    return nodes;
  }

  function clearMarks() {
    for (var i = 0; i < markedLines.length; i++) {
      var found = markedLines[i].querySelectorAll("mark");
      for (var j = 0; j < found.length; j++) found[j].replaceWith(found[j].firstChild);
      markedLines[i].normalize();
    }
    markedLines = [];
    matches = [];
    currentMatch = -1;
  }

  /* Wraps [from, to) of the line's text in marks; returns them in order. */
  function markRange(nodes, from, to) {
    var parts = [];
    // From the last node back: splitting a node leaves the nodes before it where they were.
    for (var i = nodes.length - 1; i >= 0; i--) {
      var node = nodes[i].node;
      var start = nodes[i].start;
      var end = start + node.data.length;
      if (end <= from || start >= to) continue;
      var piece = node.splitText(Math.max(from, start) - start);
      piece.splitText(Math.min(to, end) - Math.max(from, start));
      var mark = document.createElement("mark");
      piece.replaceWith(mark);
      mark.appendChild(piece);
      parts.unshift(mark);
    }
    return parts;
  }

  function runSearch(query) {
    clearMarks();
    searched = query;
    if (!query) { say(""); return; }
    realizeAll();
    var pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
    var lines = allLines();
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      var text = line.textContent.slice(line.firstChild.textContent.length);
      pattern.lastIndex = 0;
      var ranges = [];
      for (var match = pattern.exec(text); match; match = pattern.exec(text)) ranges.push([match.index, match.index + match[0].length]);
      if (!ranges.length) continue;
      var nodes = textNodes(line);
      var found = [];
      // Last match first, for the same reason as in markRange.
      for (var r = ranges.length - 1; r >= 0; r--) found.unshift(markRange(nodes, ranges[r][0], ranges[r][1]));
      matches.push.apply(matches, found);
      markedLines.push(line);
    }
    say(matches.length ? matches.length + " matches" : "No matches.");
  }

  function setCurrent(match, on) {
    for (var i = 0; i < match.length; i++) match[i].classList.toggle("current", on);
  }

  function goToMatch(forward) {
    var query = searchInput.value;
    if (query !== searched) runSearch(query);
    if (!matches.length) return;
    var start = currentMatch;
    if (currentMatch >= 0) setCurrent(matches[currentMatch], false);
    // The next match the level filter does not hide (a collapsed one is opened).
    for (var tries = 0; tries < matches.length; tries++) {
      currentMatch = start < 0 && !forward ? matches.length - 1 : (currentMatch + (forward ? 1 : -1) + matches.length) % matches.length;
      start = currentMatch;
      if (!isFilteredOut(matches[currentMatch][0].closest("div[id]"))) break;
    }
    var mark = matches[currentMatch][0];
    var fold = mark.closest("details");
    while (fold) { fold.open = true; fold = fold.parentNode.closest("details"); }
    setCurrent(matches[currentMatch], true);
    mark.scrollIntoView({ block: "center" });
    say("Match " + (currentMatch + 1) + " of " + matches.length + ", line " + mark.closest("div[id]").id.slice(1));
  }

  if (searchForm) {
    var searchTimer = 0;
    searchInput.addEventListener("input", function () {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(function () { if (searchInput.value !== searched) runSearch(searchInput.value); }, 200);
    });
    searchForm.addEventListener("submit", function (event) { event.preventDefault(); goToMatch(true); });
    searchInput.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.shiftKey) { event.preventDefault(); goToMatch(false); }
      else if (event.key === "Escape") { searchInput.value = ""; runSearch(""); }
    });
    document.getElementById("search-prev").addEventListener("click", function () { goToMatch(false); });
  }

  /* Keys: E and Shift+E step through errors, / goes to the search box, N and Shift+N through matches. */
  document.addEventListener("keydown", function (event) {
    if (!tools || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    var target = event.target;
    if (target.closest?.("input, textarea, select, [contenteditable]")) return;
    if (event.key === "e" || event.key === "E") { event.preventDefault(); goToError(!event.shiftKey); }
    else if (event.key === "/") { event.preventDefault(); searchInput.focus(); searchInput.select(); }
    else if ((event.key === "n" || event.key === "N") && searchInput.value) { event.preventDefault(); goToMatch(!event.shiftKey); }
  });

  /* ---- Copy link: the address, with the selected lines ---- */
  var copyLink = document.getElementById("copy-link");
  if (copyLink) {
    copyLink.hidden = false;
    copyLink.addEventListener("click", function () {
      var state = document.getElementById("copy-state");
      var link = location.href;
      var done = function () { state.textContent = "Link copied."; };
      var fallback = function () {
        var field = document.createElement("input");
        field.value = link;
        field.setAttribute("aria-label", "Link to this log");
        field.readOnly = true;
        state.textContent = "";
        state.appendChild(field);
        field.select();
        try { if (document.execCommand("copy")) { done(); return; } } catch (_e) { /* not allowed */ }
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).then(done, fallback);
      else fallback();
    });
  }

  /* ---- the delete token, shown once after the upload ---- */
  var token = local ? local.getItem(tokenKey) : null;
  if (token && session?.getItem("logpaste:fresh:" + id)) {
    session.removeItem("logpaste:fresh:" + id);
    document.getElementById("token-value").textContent = token;
    document.getElementById("token-notice").hidden = false;
    document.getElementById("token-copy").addEventListener("click", function () {
      var button = this;
      var done = function () { button.textContent = "Copied"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(token).then(done, function () { selectText(); });
      } else {
        selectText();
      }
    });
  }
  function selectText() {
    var range = document.createRange();
    range.selectNodeContents(document.getElementById("token-value"));
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  /* ---- delete ---- */
  var deleteSection = document.getElementById("delete");
  deleteSection.hidden = false;
  if (token) {
    document.getElementById("delete-stored").hidden = false;
    document.getElementById("delete-paste").hidden = true;
  }
  document.getElementById("delete-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var state = document.getElementById("delete-state");
    var presented = token || document.getElementById("delete-token").value.trim();
    if (!presented) { state.textContent = "Paste the delete token first."; return; }
    if (!window.confirm("Delete this log for everyone? This cannot be undone.")) return;
    state.textContent = "Deleting…";
    fetch("/v1/log/" + encodeURIComponent(id), { method: "DELETE", headers: { authorization: "Bearer " + presented } })
      .then(function (response) {
        if (response.ok || response.status === 404) {
          if (local) local.removeItem(tokenKey);
          page.innerHTML = "";
          var done = document.createElement("section");
          done.className = "deleted";
          done.innerHTML = '<h1 tabindex="-1">The log was deleted</h1><p><a class="button" href="/">Share a new log</a></p>';
          page.appendChild(done);
          done.querySelector("h1").focus();
          return;
        }
        return response.json().then(function (body) {
          state.textContent = response.status === 403 ? "That token does not belong to this log." : (body?.error) || "Deleting failed.";
        });
      })
      .catch(function () { state.textContent = "Deleting failed: the server could not be reached."; });
  });

  /* ---- AI analysis ---- */
  var ai = document.getElementById("ai");
  if (ai) setUpAi(ai);

  function setUpAi(section) {
    section.hidden = false;
    var start = document.getElementById("ai-start");
    var stop = document.getElementById("ai-stop");
    var stateLine = document.getElementById("ai-state");
    var steps = document.getElementById("ai-steps");
    var answer = document.getElementById("ai-answer");
    var controller = null;
    var text = "";
    var pending = false;
    var toolSteps = {};

    function render() {
      pending = false;
      answer.innerHTML = window.renderMarkdown(text); // renderMarkdown escapes everything it is given
    }
    function scheduleRender() {
      if (!pending) { pending = true; requestAnimationFrame(render); }
    }
    function step(label, className) {
      var item = document.createElement("li");
      item.textContent = label;
      if (className) item.className = className;
      steps.appendChild(item);
      return item;
    }
    function finish(message) {
      controller = null;
      stop.hidden = true;
      start.disabled = false;
      start.textContent = "Analyse again";
      stateLine.textContent = message;
      render();
    }

    function onEvent(name, data) {
      var payload;
      try { payload = JSON.parse(data); } catch (_e) { return; }
      if (name === "message") {
        var delta = payload.choices?.[0]?.delta;
        if (delta && typeof delta.content === "string") { text += delta.content; scheduleRender(); }
      } else if (name === "status") {
        if (payload.type === "started") step("Started");
        else if (payload.type === "thinking") step("Thinking" + (payload.round ? " (round " + payload.round + ")" : ""));
        else if (payload.type === "tool") toolSteps[payload.id] = step("Tool: " + payload.name, "running");
        else if (payload.type === "tool_result") {
          var item = toolSteps[payload.id] || step("Tool: " + payload.name);
          item.className = payload.ok === false ? "failed" : "";
          if (payload.ok === false && payload.error) item.textContent += " (" + payload.error + ")";
        } else if (payload.type === "limit") step(payload.message || "Tool round limit reached");
        stateLine.textContent = "Analysing…";
      } else if (name === "done") {
        finish(payload.cached ? "Done (answer from cache)." : "Done.");
      } else if (name === "error") {
        finish("The analysis failed: " + (payload.error || "unknown error"));
      }
    }

    /* Server-sent events over fetch rather than EventSource: EventSource reconnects by itself
       (which would start a new analysis) and cannot tell our `error` events from its own. */
    function readStream(response) {
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = "";
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { if (controller) finish("The stream ended."); return; }
          buffer += decoder.decode(chunk.value, { stream: true });
          var events = buffer.split(/\r?\n\r?\n/);
          buffer = events.pop();
          for (var i = 0; i < events.length; i++) {
            var name = "message";
            var data = [];
            var lines = events[i].split(/\r?\n/);
            for (var j = 0; j < lines.length; j++) {
              var line = lines[j];
              if (line.indexOf("event:") === 0) name = line.slice(6).trim();
              else if (line.indexOf("data:") === 0) data.push(line.slice(5).replace(/^ /, ""));
            }
            if (data.length) onEvent(name, data.join("\n"));
          }
          return pump();
        });
      }
      return pump();
    }

    start.addEventListener("click", function () {
      if (controller) return;
      controller = new AbortController();
      text = "";
      toolSteps = {};
      steps.textContent = "";
      answer.textContent = "";
      start.disabled = true;
      stop.hidden = false;
      stateLine.textContent = "Connecting…";
      // The answer's language comes from the browser's Accept-Language.
      fetch("/v1/ai/" + encodeURIComponent(id), {
        headers: { accept: "text/event-stream" },
        signal: controller.signal,
      })
        .then(function (response) {
          if (!response.ok) {
            return response.json().then(
              function (body) { finish("The analysis could not start: " + ((body?.error) || response.status)); },
              function () { finish("The analysis could not start (" + response.status + ")."); },
            );
          }
          return readStream(response);
        })
        .catch(function (error) {
          if (error && error.name === "AbortError") finish("Stopped.");
          else finish("The connection was lost.");
        });
    });
    stop.addEventListener("click", function () {
      if (controller) controller.abort();
    });
  }
})();
