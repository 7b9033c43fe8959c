/* The log page's behaviour: stable chunk heights and the "Wrap lines" toggle, line selection and
   anchors (#L120, #L120-L140), the reading tools (next and previous error, search, the level
   filter, go to line), Copy link, the delete token (localStorage), delete, and the AI analysis
   stream. The page is complete without this file; everything here only adds to it. */
(function () {
  "use strict";
  var page = document.querySelector(".log-page");
  if (!page) return;
  var id = page.getAttribute("data-id");
  var log = document.getElementById("log");
  var tokenKey = "logpaste:token:" + id;

  function storage(kind) {
    try { return window[kind]; } catch (e) { return null; } // blocked storage (privacy settings)
  }
  var local = storage("localStorage");
  var session = storage("sessionStorage");


  /* ---- layout: wrapping and the estimated height of off-screen chunks ----
     Chunks off screen are skipped by layout (content-visibility) and take the height they are
     given. Given a flat guess, the page grows as wrapped lines come on screen and End lands
     mid-log. So each chunk gets the height its lines will have: wrapped lines break at any
     character on a grid of monospace cells (style.css), so a line's rows are its width in
     cells divided by the cells in a row. */
  var ROW_PX = 18;
  var wrapToggle = document.getElementById("wrap-lines");
  var wrapKey = "logpaste:wrap";
  var allLines = log.querySelectorAll("div[id]");
  var lineCells = null; // width of each line's text in cells, computed once
  var sizedWidth = -1;

  /* Cells a text takes: a tab goes to the next multiple of 4, wide (East Asian) characters take two. */
  function cellsOf(text) {
    if (!/[^\x20-\x7e]/.test(text)) return text.length;
    var cells = 0;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      if (code === 9) cells += 4 - (cells % 4);
      else if (code >= 0xdc00 && code <= 0xdfff) continue; // second half of a surrogate pair
      else if ((code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) ||
        (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) ||
        (code >= 0xffe0 && code <= 0xffe6) || (code >= 0xd800 && code <= 0xdbff)) cells += 2;
      else cells += 1;
    }
    return cells;
  }

  function lineText(line) {
    return line.textContent.slice(line.firstChild.textContent.length);
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
    var style = allLines.length ? getComputedStyle(allLines[0]) : null;
    var text = log.clientWidth - (style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0);
    return Math.max(1, Math.floor((text + 0.01) / cell));
  }

  function sizeChunks() {
    sizedWidth = log.clientWidth;
    if (!lineCells) {
      lineCells = new Array(allLines.length);
      for (var i = 0; i < allLines.length; i++) lineCells[i] = cellsOf(lineText(allLines[i]));
    }
    var wrap = !log.classList.contains("nowrap");
    var perRow = wrap ? cellsPerRow() : Infinity;
    var heights = new Map();
    for (var j = 0; j < allLines.length; j++) {
      if (isFilteredOut(allLines[j])) continue;
      var chunk = allLines[j].parentNode;
      var rows = wrap ? Math.max(1, Math.ceil(lineCells[j] / perRow)) : 1;
      heights.set(chunk, (heights.get(chunk) || 0) + rows * ROW_PX);
    }
    var chunks = log.querySelectorAll(".chunk");
    for (var k = 0; k < chunks.length; k++) chunks[k].style.containIntrinsicSize = (heights.get(chunks[k]) || 0) + "px";
  }

  function setWrap(on, remember) {
    log.classList.toggle("nowrap", !on);
    if (wrapToggle) wrapToggle.checked = on;
    if (remember && local) { try { local.setItem(wrapKey, on ? "on" : "off"); } catch (e) { /* storage full or blocked */ } }
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
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(sizeChunks);

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
      var line = document.getElementById("L" + n);
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
    if (!link || link.getAttribute("href").charAt(0) !== "#") return; // another tab: a plain link
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
    if (log.classList.contains("hide-e")) showAllLevels();
    // Collapsed repeats are the same error again: the reader opens them to step through them.
    var heads = Array.prototype.filter.call(log.querySelectorAll("div.e:not(.c)"), isShown);
    if (!heads.length) { say("No errors in this log."); return; }
    var head = step(heads, forward);
    if (!head) { say(forward ? "No more errors below." : "No more errors above."); return; }
    var from = Number(head.id.slice(1));
    var to = from;
    for (var next = document.getElementById("L" + (to + 1)); next && next.classList.contains("c") && isShown(next); next = document.getElementById("L" + (to + 1))) to++;
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

  /* Search: every match is wrapped in <mark>; Enter (or Next match) moves to the next one. */
  var searchForm = document.getElementById("search");
  var searchInput = document.getElementById("search-text");
  var searched = null; // the query the marks are for
  var marks = [];
  var markedLines = [];
  var currentMark = -1;

  function clearMarks() {
    for (var i = 0; i < markedLines.length; i++) {
      var line = markedLines[i];
      var text = lineText(line);
      while (line.childNodes.length > 1) line.removeChild(line.lastChild);
      line.appendChild(document.createTextNode(text));
    }
    markedLines = [];
    marks = [];
    currentMark = -1;
  }

  function runSearch(query) {
    clearMarks();
    searched = query;
    if (!query) { say(""); return; }
    var pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
    for (var i = 0; i < allLines.length; i++) {
      var line = allLines[i];
      var text = lineText(line);
      pattern.lastIndex = 0;
      var match = pattern.exec(text);
      if (!match) continue;
      var parts = document.createDocumentFragment();
      var at = 0;
      for (; match; match = pattern.exec(text)) {
        if (match.index > at) parts.appendChild(document.createTextNode(text.slice(at, match.index)));
        var mark = document.createElement("mark");
        mark.textContent = match[0];
        parts.appendChild(mark);
        marks.push(mark);
        at = match.index + match[0].length;
      }
      if (at < text.length) parts.appendChild(document.createTextNode(text.slice(at)));
      while (line.childNodes.length > 1) line.removeChild(line.lastChild);
      line.appendChild(parts);
      markedLines.push(line);
    }
    say(marks.length ? marks.length + " matches" : "No matches.");
  }

  function goToMatch(forward) {
    var query = searchInput.value;
    if (query !== searched) runSearch(query);
    if (!marks.length) return;
    var start = currentMark;
    if (currentMark >= 0) marks[currentMark].classList.remove("current");
    // The next match the level filter does not hide (a collapsed one is opened).
    for (var tries = 0; tries < marks.length; tries++) {
      currentMark = start < 0 && !forward ? marks.length - 1 : (currentMark + (forward ? 1 : -1) + marks.length) % marks.length;
      start = currentMark;
      if (!isFilteredOut(marks[currentMark].parentNode)) break;
    }
    var mark = marks[currentMark];
    var fold = mark.closest("details");
    while (fold) { fold.open = true; fold = fold.parentNode.closest("details"); }
    mark.classList.add("current");
    mark.scrollIntoView({ block: "center" });
    say("Match " + (currentMark + 1) + " of " + marks.length + ", line " + mark.parentNode.id.slice(1));
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
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
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
        try { if (document.execCommand("copy")) { done(); return; } } catch (e) { /* not allowed */ }
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).then(done, fallback);
      else fallback();
    });
  }

  /* ---- the delete token, shown once after the upload ---- */
  var token = local ? local.getItem(tokenKey) : null;
  if (token && session && session.getItem("logpaste:fresh:" + id)) {
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
          state.textContent = response.status === 403 ? "That token does not belong to this log." : (body && body.error) || "Deleting failed.";
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
      try { payload = JSON.parse(data); } catch (e) { return; }
      if (name === "message") {
        var delta = payload.choices && payload.choices[0] && payload.choices[0].delta;
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
              function (body) { finish("The analysis could not start: " + ((body && body.error) || response.status)); },
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
